import { describe, expect, it } from 'vitest';
import { entity, fillTemplate, literalPrefix, parseTemplate, setAttributes } from './keys';

const Sample = entity({
  entity: 'Sample',
  module: 'functions/data/keys.ts',
  pk: 'SAMPLE#{sampleId}',
  sk: 'PART#{group}#{order}',
  byOwner: 'SAMPLE#{createdAt}',
  byCollection: { pk: 'SAMPLE#ALL', sk: '{createdAt}#{sampleId}' },
  notes: 'for this test',
});

const Fixed = entity({
  entity: 'Fixed',
  module: 'functions/data/keys.ts',
  pk: 'FIXED',
  sk: 'ONE',
  notes: '',
});

describe('entity keys', () => {
  it('fill the templates from named values', () => {
    expect(Sample.key({ sampleId: 's1', group: 'g', order: '001' })).toEqual({
      pk: 'SAMPLE#s1',
      sk: 'PART#g#001',
    });
    expect(Sample.owner({ userId: 'u1', createdAt: '2026-01-01' })).toEqual({
      gsi2pk: 'USER#u1',
      gsi2sk: 'SAMPLE#2026-01-01',
    });
    expect(Sample.collection({ createdAt: '2026-01-01', sampleId: 's1' })).toEqual({
      gsi1pk: 'SAMPLE#ALL',
      gsi1sk: '2026-01-01#s1',
    });
    expect(Sample.collectionPk()).toBe('SAMPLE#ALL');
    expect(Fixed.key({})).toEqual({ pk: 'FIXED', sk: 'ONE' });
  });

  it('give begins_with prefixes up to the first field not given', () => {
    expect(Sample.skPrefix()).toBe('PART#');
    expect(Sample.skPrefix({ group: 'g' })).toBe('PART#g#');
    expect(Sample.ownerPrefix()).toBe('SAMPLE#');
    expect(Fixed.skPrefix()).toBe('ONE');
  });

  it('read the fields back out of a partition key, and nothing out of another entity’s', () => {
    expect(Sample.parsePk('SAMPLE#a#b')).toEqual({ sampleId: 'a#b' });
    expect(Sample.parsePk('OTHER#a')).toBeUndefined();
    expect(parseTemplate('A.{x}+B', 'A.1+B')).toEqual({ x: '1' });
  });

  it('refuse to build a key with a field missing', () => {
    expect(() => fillTemplate('SAMPLE#{sampleId}', {})).toThrow(/sampleId/);
    expect(literalPrefix('{createdAt}#{id}')).toBe('');
  });

  it('write index attributes as an update clause', () => {
    expect(setAttributes(Sample.owner({ userId: 'u', createdAt: 't' }))).toEqual({
      expression: 'gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
      values: { ':gsi2pk': 'USER#u', ':gsi2sk': 'SAMPLE#t' },
    });
  });

  it('are checked by the compiler', () => {
    // @ts-expect-error a field of the template is missing
    expect(() => Sample.key({ sampleId: 's' })).toThrow();
    // @ts-expect-error Fixed has no owner index
    expect(() => Fixed.owner({ userId: 'u' })).toThrow();
    expect(() =>
      entity({
        entity: 'Wrong',
        module: 'x',
        pk: 'W#{a}',
        sk: 'W',
        notes: '',
        // @ts-expect-error field notes may only describe fields of the templates
        fields: { b: 'no such field' },
      }),
    ).not.toThrow();
  });
});
