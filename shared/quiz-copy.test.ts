import { describe, expect, it } from 'vitest';
import { copyTitle, TITLE_MAX_LENGTH } from './quiz-copy';

describe('copyTitle', () => {
  it('adds 「（コピー）」', () => expect(copyTitle('日本の歴史')).toBe('日本の歴史（コピー）'));

  it('stays within the title length, never cutting a character in half', () => {
    expect(copyTitle('あ'.repeat(100))).toHaveLength(TITLE_MAX_LENGTH);
    const astral = copyTitle('𠮷'.repeat(60));
    expect(astral.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(astral).toBe(`${'𠮷'.repeat(47)}（コピー）`);
  });
});
