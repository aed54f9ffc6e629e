import { randomUUID } from 'node:crypto';
import { AI_TEXT_MAX_LENGTH, uploadKindOf } from '@shared/ai';
import { FOCUSED_STUDY_MESSAGES, type StudyMaterial } from '@shared/focused-study';
import { checkFileType, extractText, type MaterialFile } from '../ai/materials';
import { takeUpload } from '../ai/uploads';
import { AppError, BadRequestError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import {
  inUploadOrder,
  materialsForGeneration,
  textName,
  toMaterial,
  type MaterialRecord,
} from './material-policy';
import { deleteMaterialItems, readMaterials, readMaterialTexts, writeMaterials } from './material-store';

/**
 * Study materials (docs/spec/multiplayer-membership-study.md §2, §5, §7): files (PDF, .doc, .docx) and pasted text, kept as their extracted
 * text. A file is read once — checked by its first bytes, its text extracted in the AI worker —
 * and not kept: an upload is deleted as soon as it is read. A member keeps at most 20 materials
 * (a conditional counter); each holds at most 50,000 characters. The rules are
 * material-policy.ts, the items and their conditions material-store.ts.
 */

/** The member's materials in upload order. */
async function materialItems(userId: string): Promise<MaterialRecord[]> {
  return inUploadOrder(await readMaterials(userId));
}

/** `GET /api/focused-study/pdfs`: the member's materials, newest first. */
export async function listMaterials(userId: string): Promise<StudyMaterial[]> {
  return (await materialItems(userId)).reverse().map(toMaterial);
}

interface NewMaterial {
  name: string;
  kind: StudyMaterial['kind'];
  size: number;
  text: string;
}

/** Writes materials with their texts, within the member's quota, all or none. */
async function saveMaterials(userId: string, materials: NewMaterial[], now: Date): Promise<StudyMaterial[]> {
  const uploadedAt = now.toISOString();
  const items = materials.map((material) => ({
    item: {
      id: randomUUID(),
      originalName: material.name,
      kind: material.kind,
      fileSize: material.size,
      characters: material.text.length,
      uploadedAt,
    },
    text: material.text,
  }));
  await writeMaterials(userId, items);
  return items.map(({ item }) => toMaterial(item)).reverse();
}

/** `POST /api/focused-study/add-text`: the text (already trimmed, 10 to 50,000 characters) as a material. */
export async function addTextMaterial(userId: string, text: string, now = new Date()) {
  const [material] = await saveMaterials(
    userId,
    [{ name: textName(text), kind: 'text', size: Buffer.byteLength(text), text }],
    now,
  );
  return material!;
}

/** Where the files of an upload come from: the multipart form, or presigned-POST uploads. */
export type MaterialFiles =
  { files: MaterialFile[] } | { fileKeys: string[]; fileNames?: string[] | undefined };

/** A failure about one file names the file, so the member knows which one to replace. */
function aboutFile(name: string, error: unknown): unknown {
  if (!(error instanceof AppError) || error.status >= 500) return error;
  return new AppError(error.status, `「${name}」: ${error.message}`, error.reason);
}

/**
 * `POST /api/focused-study/upload-pdf`: each file checked by its first bytes and its text extracted
 * (an image-only PDF gets the clear message); then all are saved together, or none if one fails.
 */
export async function addFileMaterials(
  userId: string,
  source: MaterialFiles,
  context: { log: Logger; deadline: number },
  now = new Date(),
): Promise<StudyMaterial[]> {
  const materials: NewMaterial[] = [];
  const read = async (file: MaterialFile, name: string) => {
    try {
      const kind = uploadKindOf(name) ?? uploadKindOf(file.fileName);
      if (!kind) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.fileTypeNotAllowed);
      const format = await checkFileType(file, kind);
      const text = await extractText(file, format, context.log, context.deadline);
      materials.push({ name, kind, size: file.bytes.length, text });
    } catch (error) {
      throw aboutFile(name, error);
    }
  };
  if ('files' in source) {
    for (const file of source.files) await read(file, file.fileName || 'ファイル');
  } else {
    // Every upload is read (and so deleted) even when an earlier one failed: none is left behind.
    const outcomes = await Promise.allSettled(source.fileKeys.map((key) => takeUpload(userId, key)));
    for (const [index, outcome] of outcomes.entries()) {
      const name = source.fileNames?.[index] ?? source.fileKeys[index]!.split('/').at(-1)!;
      if (outcome.status === 'rejected') throw aboutFile(name, outcome.reason);
      await read(outcome.value, name);
    }
  }
  return saveMaterials(userId, materials, now);
}

/** `DELETE /api/focused-study/pdfs/{id}`: the material with its text; another member's is "not found". */
export async function deleteMaterial(userId: string, materialId: string): Promise<void> {
  await deleteMaterialItems(userId, materialId);
}

/**
 * The material a generation reads: all of it when it is within AI_TEXT_MAX_LENGTH characters,
 * else a run of materials of about that length starting at a place the seed picks, so that
 * runs go through all of a member's materials.
 */
export async function materialForGeneration(userId: string, seed: string): Promise<string> {
  const items = await materialItems(userId);
  if (items.length === 0) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.noMaterials);
  const texts = await readMaterialTexts(userId, materialsForGeneration(items, seed));
  return texts.join('\n\n').slice(0, AI_TEXT_MAX_LENGTH);
}
