import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { AI_MESSAGES, AI_TEXT_MAX_LENGTH, type UploadKind } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { aiWorker } from './ai-worker';
import { normalizeCjk } from './cjk-normalize';
import { UnusableMaterialError } from './errors';
import type { FileFormat } from './worker-protocol';

/**
 * Study material files for AI generation: the spec's multipart form, the type check by magic
 * bytes, and text extraction (pdf-parse for PDF, docx-text.ts for .docx, word-extractor for
 * legacy .doc) in the warm AI worker (ai-worker.ts). Presigned uploads are in uploads.ts.
 */
export type { FileFormat };

const ACCEPTED: Record<UploadKind, readonly FileFormat[]> = { pdf: ['pdf'], word: ['docx', 'doc'] };
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A .docx may not unpack to more than this, nor hold more entries (zip bombs). */
const DOCX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const DOCX_MAX_ENTRIES = 2000;

export interface MaterialFile {
  fileName: string;
  bytes: Buffer;
}

/** The format a file's first bytes show, whatever its name says. */
export function detectFormat(bytes: Buffer): FileFormat | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'docx';
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return 'doc';
  return null;
}

const inflate = promisify(inflateRaw);

/**
 * Checks a .docx's zip before anything unpacks it: no ZIP64, at most DOCX_MAX_ENTRIES entries, a
 * `word/document.xml`, and at most DOCX_MAX_UNPACKED_BYTES once inflated. The entries are inflated
 * here with that ceiling, since the sizes a zip declares can lie (zip bombs); off the main thread
 * (zlib's thread pool), since inflating 64 MB would hold other requests up.
 */
export async function inspectDocx(bytes: Buffer): Promise<void> {
  const damaged = () => new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > DOCX_MAX_ENTRIES) throw damaged();
  if (directoryOffset + directorySize > end) throw damaged();
  const contents: { method: number; compressedSize: number; localHeader: number }[] = [];
  let at = directoryOffset;
  let hasDocument = false;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) throw damaged();
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localHeader = bytes.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || localHeader === 0xffffffff) throw damaged();
    contents.push({ method, compressedSize, localHeader });
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (name === 'word/document.xml') hasDocument = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!hasDocument) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  let budget = DOCX_MAX_UNPACKED_BYTES;
  for (const { method, compressedSize, localHeader } of contents) {
    if (localHeader + 30 > directoryOffset || bytes.readUInt32LE(localHeader) !== 0x04034b50) throw damaged();
    const start =
      localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
    if (start + compressedSize > directoryOffset) throw damaged();
    const data = bytes.subarray(start, start + compressedSize);
    if (method === 0) budget -= data.length;
    else if (method === 8) {
      try {
        budget -= (await inflate(data, { maxOutputLength: Math.max(1, budget) })).length;
      } catch {
        throw damaged();
      }
    } else throw damaged();
    if (budget < 0) throw damaged();
  }
}

/** Refuses a file that is not what the call takes (checked by content, not by name). */
export async function checkFileType(file: MaterialFile, kind: UploadKind): Promise<FileFormat> {
  if (file.bytes.length === 0) throw new BadRequestError(AI_MESSAGES.fileEmpty);
  if (file.bytes.length > LIMITS.uploadMaxBytes) throw new PayloadTooLargeError(AI_MESSAGES.fileTooLarge);
  const format = detectFormat(file.bytes);
  if (!format || !ACCEPTED[kind].includes(format)) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  if (format === 'docx') await inspectDocx(file.bytes);
  return format;
}

/** When the text of a file must be ready at the latest, without a request's deadline (ms from now). */
const EXTRACTION_DEADLINE_MS = 25_000;

/**
 * The text of a checked file, at most AI_TEXT_MAX_LENGTH characters; a file with no readable text
 * or one that cannot be read (or is not read within the worker's limits) gets a clear Japanese error.
 */
export async function extractText(
  file: MaterialFile,
  format: FileFormat,
  log: Logger,
  deadline = Date.now() + EXTRACTION_DEADLINE_MS,
): Promise<string> {
  const outcome = await aiWorker.run(
    { task: 'extract', format, bytes: new Uint8Array(file.bytes), maxChars: AI_TEXT_MAX_LENGTH * 2 },
    deadline,
  );
  if (!('text' in outcome)) {
    log.warn('text extraction failed', {
      failure: 'failure' in outcome ? outcome.failure : 'no text',
      format,
    });
    throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  }
  // Look-alike characters from PDF fonts (「⻄」「戶」) become the standard ones.
  const cleaned = normalizeCjk(outcome.text)
    .replaceAll(String.fromCharCode(0), '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
    .slice(0, AI_TEXT_MAX_LENGTH);
  if (cleaned.replace(/\s/g, '').length < LIMITS.aiTextMinLength)
    throw new UnusableMaterialError(format === 'pdf' ? AI_MESSAGES.pdfNoText : AI_MESSAGES.wordNoText);
  return cleaned;
}
