import { describe, expect, it } from 'vitest';
import { AI_TEXT_MAX_LENGTH } from '@shared/ai';
import {
  inUploadOrder,
  materialsForGeneration,
  textName,
  toMaterial,
  type MaterialRecord,
} from './material-policy';

const material = (
  id: string,
  characters: number,
  uploadedAt = '2026-11-26T00:00:00.000Z',
): MaterialRecord => ({
  id,
  originalName: `${id}.pdf`,
  kind: 'pdf',
  fileSize: 1000,
  characters,
  uploadedAt,
});

describe('study materials', () => {
  it('shows a material by its name, size, date and kind', () => {
    expect(toMaterial(material('m1', 10))).toEqual({
      id: 'm1',
      name: 'm1.pdf',
      size: 1000,
      uploadedAt: '2026-11-26T00:00:00.000Z',
      kind: 'pdf',
    });
  });

  it('names a pasted text by its first line that is not blank, cut at 30 characters', () => {
    expect(textName('\n  \n  光合成について  \n二行目')).toBe('光合成について');
    expect(textName('あ'.repeat(31))).toBe(`${'あ'.repeat(30)}…`);
    expect(textName('あ'.repeat(30))).toBe('あ'.repeat(30));
  });

  it('walks materials oldest first, by id on the same date', () => {
    const items = [
      material('b', 1, '2026-11-02'),
      material('c', 1, '2026-11-01'),
      material('a', 1, '2026-11-02'),
    ];
    expect(inUploadOrder(items).map(({ id }) => id)).toEqual(['c', 'a', 'b']);
  });

  it('gives a generation every material when they fit, else a run of about the limit from where the seed points', () => {
    const small = [material('a', 100), material('b', 100)];
    expect(
      materialsForGeneration(small, 'seed')
        .map(({ id }) => id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(materialsForGeneration([], 'seed')).toEqual([]);

    const large = ['a', 'b', 'c', 'd'].map((id) => material(id, AI_TEXT_MAX_LENGTH / 2));
    const chosen = materialsForGeneration(large, 'seed');
    expect(chosen).toHaveLength(2);
    const start = large.indexOf(chosen[0]!);
    expect(chosen[1]).toBe(large[(start + 1) % large.length]);
    expect(materialsForGeneration(large, 'seed')).toEqual(chosen);
  });
});
