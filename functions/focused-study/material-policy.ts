import { AI_TEXT_MAX_LENGTH } from '@shared/ai';
import type { StudyMaterial } from '@shared/focused-study';
import { seededRandom } from '../lib/seeded-random';

/**
 * The rules of study materials (docs/spec/multiplayer-membership-study.md §2, §5, §7), as pure functions of what is stored: how a material
 * is shown, how a pasted text is named, and which materials a generation reads.
 */

/** A material as kept (its text apart, material-store.ts). */
export interface MaterialRecord {
  id: string;
  originalName: string;
  kind: StudyMaterial['kind'];
  fileSize: number;
  characters: number;
  uploadedAt: string;
}

export const toMaterial = (item: MaterialRecord): StudyMaterial => ({
  id: item.id,
  name: item.originalName,
  size: item.fileSize,
  uploadedAt: item.uploadedAt,
  kind: item.kind,
});

/** Oldest first (then by id), the order a generation walks them in. */
export const inUploadOrder = (items: readonly MaterialRecord[]) =>
  [...items].sort((x, y) => x.uploadedAt.localeCompare(y.uploadedAt) || x.id.localeCompare(y.id));

/** A pasted text's name: its opening words (its first non-blank line, at most 30 characters and …). */
export function textName(text: string): string {
  const firstLine =
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? text;
  const chars = [...firstLine];
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : firstLine;
}

/**
 * The materials a generation reads (`items` in upload order): all of them when they are within
 * AI_TEXT_MAX_LENGTH characters, else a run of materials of about that length starting at a place
 * the seed picks, so that study runs go through all of a member's materials.
 */
export function materialsForGeneration(items: readonly MaterialRecord[], seed: string): MaterialRecord[] {
  if (items.length === 0) return [];
  const start = Math.floor(seededRandom(seed)() * items.length);
  const chosen: MaterialRecord[] = [];
  let characters = 0;
  for (let offset = 0; offset < items.length && characters < AI_TEXT_MAX_LENGTH; offset++) {
    const item = items[(start + offset) % items.length]!;
    chosen.push(item);
    characters += item.characters + 2;
  }
  return chosen;
}
