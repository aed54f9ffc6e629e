import { describe, expect, it } from 'vitest';
import { normalizeTagName, tagNameKey, tagNamesSchema, TAG_MESSAGES } from '@shared/tags';
import {
  countRank,
  mergedTagIds,
  newTag,
  shownTags,
  tagChanges,
  tagStateOf,
  unseenTagIds,
  withoutTags,
  type Tag,
} from './tag-policy';

const tag = (id: string, overrides: Partial<Tag> = {}): Tag => ({
  ...newTag(id, `名前${id}`, new Date('2026-11-01T00:00:00Z')),
  ...overrides,
});

describe('tag names', () => {
  it('are one tag whatever their case and width, kept as written after NFKC and trimming', () => {
    expect(normalizeTagName('  Ｊａｖａ  ｽｸﾘﾌﾟﾄ ')).toBe('Java スクリプト');
    expect(tagNameKey('ＪＡＶＡ')).toBe(tagNameKey('java'));
    expect(tagNameKey('ｶﾀｶﾅ')).toBe(tagNameKey('カタカナ'));
  });

  it('are refused when more than 5, duplicated, empty, invisible or longer than 50 characters', () => {
    const issues = (names: unknown) => {
      const result = tagNamesSchema.safeParse(names);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues(['a', 'b', 'c', 'd', 'e'])).toEqual([]);
    expect(issues(['a', 'b', 'c', 'd', 'e', 'f'])).toContain(TAG_MESSAGES.tooMany);
    expect(issues(['Tag', 'ｔａｇ'])).toEqual([TAG_MESSAGES.duplicate('tag')]);
    expect(issues([' '])).toEqual([TAG_MESSAGES.nameRequired]);
    expect(issues(['\u200B\u200B'])).toEqual([TAG_MESSAGES.nameRequired]);
    expect(issues(['字'.repeat(50)])).toEqual([]);
    expect(issues(['字'.repeat(51)])).toEqual([TAG_MESSAGES.nameMax]);
    // Counted in characters, not UTF-16 units: 50 emoji are 50 characters.
    expect(issues(['🐱'.repeat(50)])).toEqual([]);
  });
});

describe('count changes', () => {
  it('count a quiz only while public, published, shown and not being deleted', () => {
    expect(tagStateOf({ isPublished: true, isHidden: false, status: 'active', tagIds: ['a'] })).toEqual({
      tagIds: ['a'],
      counted: true,
    });
    expect(tagStateOf({ isPublished: true, isHidden: true, status: 'active' })).toEqual({
      tagIds: [],
      counted: false,
    });
  });

  it('move each tag by what the change does to it', () => {
    const changes = tagChanges({ tagIds: ['a', 'b'], counted: true }, { tagIds: ['b', 'c'], counted: true });
    expect(changes).toMatchObject({ added: ['c'], removed: ['a'], kept: ['b'] });
    expect(Object.fromEntries(changes.delta)).toEqual({ a: -1, b: 0, c: 1 });
    const hidden = tagChanges({ tagIds: ['a', 'b'], counted: true }, { tagIds: ['a', 'b'], counted: false });
    expect(Object.fromEntries(hidden.delta)).toEqual({ a: -1, b: -1 });
    const privateEdit = tagChanges({ tagIds: ['a'], counted: false }, { tagIds: ['b'], counted: false });
    expect(Object.fromEntries(privateEdit.delta)).toEqual({ a: 0, b: 0 });
  });

  it('merge a tag into another once', () => {
    expect(mergedTagIds(['a', 'x', 'b'], 'x', 'y')).toEqual(['a', 'y', 'b']);
    expect(mergedTagIds(['y', 'x'], 'x', 'y')).toEqual(['y']);
  });

  it('order by count as text', () => {
    expect(countRank(12) > countRank(9)).toBe(true);
    expect(countRank(-1)).toBe('0000000000');
  });
});

describe('what a quiz shows', () => {
  it('its active tags only, in its order', () => {
    const tags = new Map([
      ['a', tag('a')],
      ['b', tag('b', { isActive: false })],
      ['c', tag('c', { mergedInto: 'a' })],
      ['d', tag('d', { color: '#FF0000' })],
    ]);
    expect(shownTags(['d', 'b', 'c', 'missing', 'a'], tags)).toEqual([
      { id: 'd', name: '名前d', color: '#FF0000' },
      { id: 'a', name: '名前a', color: '#6B7280' },
    ]);
  });
});

describe('an edit', () => {
  it('keeps the tags the author cannot see (inactive, being merged away), at most 5, and drops tags no longer stored', () => {
    const tags = new Map<string, Tag>([
      ['shown', tag('shown')],
      ['off', tag('off', { isActive: false })],
      ['moving', tag('moving', { mergedInto: 'shown' })],
    ]);
    expect(unseenTagIds(['shown', 'off', 'gone', 'moving'], tags)).toEqual(['off', 'moving']);
    const many = new Map(
      Array.from({ length: 7 }, (_, index) => [`x${index}`, tag(`x${index}`, { isActive: false })]),
    );
    expect(unseenTagIds([...many.keys()], many)).toHaveLength(5);
    expect(withoutTags({ tagIds: ['a', 'gone', 'b'], counted: true }, new Set(['gone']))).toEqual({
      tagIds: ['a', 'b'],
      counted: true,
    });
  });
});
