import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { AI_MESSAGES, uploadKindOf, type UploadKind, type UploadTicket } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { s3 } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { UnusableMaterialError } from './errors';

/**
 * Study material files for AI generation: the presigned POST a browser uploads with, reading an
 * upload back (then deleting it), the spec's multipart form, the type check by magic bytes, and
 * text extraction (pdf-parse for PDF, mammoth for .docx, word-extractor for legacy .doc).
 */
export type FileFormat = 'pdf' | 'docx' | 'doc';

const ACCEPTED: Record<UploadKind, readonly FileFormat[]> = { pdf: ['pdf'], word: ['docx', 'doc'] };
const UPLOAD_EXPIRY_SECONDS = 5 * 60;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A .docx may not unpack to more than this, nor hold more entries (zip bombs). */
const DOCX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const DOCX_MAX_ENTRIES = 2000;
/** Pages of a PDF that are read (the generators use at most some tens of thousands of characters). */
const PDF_MAX_PAGES = 200;

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

/**
 * Checks a .docx's zip directory before anything unpacks it: no ZIP64, at most
 * DOCX_MAX_ENTRIES entries and DOCX_MAX_UNPACKED_BYTES in all, and a `word/document.xml`.
 */
export function inspectDocx(bytes: Buffer): void {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > DOCX_MAX_ENTRIES)
    throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  if (directoryOffset + directorySize > end) throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  let at = directoryOffset;
  let unpacked = 0;
  let hasDocument = false;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50)
      throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (size === 0xffffffff) throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
    unpacked += size;
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (name === 'word/document.xml') hasDocument = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (unpacked > DOCX_MAX_UNPACKED_BYTES) throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  if (!hasDocument) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
}

/** Refuses a file that is not what the call takes (checked by content, not by name). */
export function checkFileType(file: MaterialFile, kind: UploadKind): FileFormat {
  if (file.bytes.length === 0) throw new BadRequestError(AI_MESSAGES.fileEmpty);
  if (file.bytes.length > LIMITS.uploadMaxBytes) throw new PayloadTooLargeError(AI_MESSAGES.fileTooLarge);
  const format = detectFormat(file.bytes);
  if (!format || !ACCEPTED[kind].includes(format)) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  if (format === 'docx') inspectDocx(file.bytes);
  return format;
}

async function pdfText(bytes: Buffer): Promise<string> {
  // pdf.js is large: it is loaded on the first PDF, not at cold start. Its worker runs in this
  // thread (a function has no separate worker file to load).
  const worker = globalThis as { pdfjsWorker?: unknown };
  worker.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText({ first: PDF_MAX_PAGES, pageJoiner: '' });
    return result.text;
  } finally {
    await parser.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: bytes });
  return result.value;
}

async function docText(bytes: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(bytes);
  return document.getBody();
}

/** The text of a checked file; a file with no readable text gets a clear Japanese error. */
export async function extractText(file: MaterialFile, format: FileFormat, log: Logger): Promise<string> {
  let text: string;
  try {
    text =
      format === 'pdf'
        ? await pdfText(file.bytes)
        : format === 'docx'
          ? await docxText(file.bytes)
          : await docText(file.bytes);
  } catch (error) {
    log.warn('text extraction failed', { error, format });
    throw new UnusableMaterialError(AI_MESSAGES.fileDamaged);
  }
  const cleaned = text
    .replaceAll(String.fromCharCode(0), '')
    .replace(/[ \t\u3000]+\n/g, '\n')
    .trim();
  if (cleaned.replace(/\s/g, '').length < LIMITS.aiTextMinLength)
    throw new UnusableMaterialError(format === 'pdf' ? AI_MESSAGES.pdfNoText : AI_MESSAGES.wordNoText);
  return cleaned;
}

function materialsBucket(): string {
  const bucket = getConfig().materialsBucket;
  if (!bucket) throw new Error('MATERIALS_BUCKET is not configured');
  return bucket;
}

const userPrefix = (userId: string) => `uploads/${userId}/`;

/** A presigned POST for one file: 1 byte to 10 MB, under the member's own prefix, valid 5 minutes. */
export async function createUploadTicket(
  userId: string,
  input: { fileName: string; size: number },
): Promise<UploadTicket> {
  const kind = uploadKindOf(input.fileName);
  if (!kind) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  const extension = /\.[a-z]+$/.exec(input.fileName.toLowerCase())?.[0] ?? '';
  const key = `${userPrefix(userId)}${randomUUID()}${extension}`;
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: materialsBucket(),
    Key: key,
    Conditions: [['content-length-range', 1, LIMITS.uploadMaxBytes]],
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return {
    url,
    fields,
    key,
    kind,
    maxBytes: LIMITS.uploadMaxBytes,
    expiresAt: new Date(Date.now() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString(),
  };
}

/**
 * Reads an uploaded file back and deletes it. Only the caller's own uploads can be named; anything
 * else (another member's key, a missing or expired upload) is "not found".
 */
export async function takeUpload(userId: string, key: string): Promise<MaterialFile> {
  if (!key.startsWith(userPrefix(userId)) || !/^[\w./-]+$/.test(key) || key.includes('..'))
    throw new NotFoundError(AI_MESSAGES.uploadMissing);
  const Bucket = materialsBucket();
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
    if ((head.ContentLength ?? 0) > LIMITS.uploadMaxBytes) {
      await s3().send(new DeleteObjectCommand({ Bucket, Key: key }));
      throw new PayloadTooLargeError(AI_MESSAGES.fileTooLarge);
    }
    const object = await s3().send(new GetObjectCommand({ Bucket, Key: key }));
    const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    return { fileName: key.slice(key.lastIndexOf('/') + 1), bytes };
  } catch (error) {
    if (error instanceof NotFound || (error as { name?: string }).name === 'NoSuchKey')
      throw new NotFoundError(AI_MESSAGES.uploadMissing);
    throw error;
  } finally {
    // Uploaded files are used once; a lifecycle rule removes anything a crash leaves behind.
    await s3()
      .send(new DeleteObjectCommand({ Bucket, Key: key }))
      .catch(() => undefined);
  }
}

/** The spec's multipart form: text fields and one file part named `part` (`pdf` or `word`). */
export async function parseMultipart(
  rawBody: Buffer,
  contentType: string,
  part: UploadKind,
): Promise<{ fields: Record<string, string>; file: MaterialFile | undefined }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: MaterialFile | undefined;
    let tooLarge = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 20, fieldSize: 2000, fileSize: LIMITS.uploadMaxBytes },
      });
    } catch {
      reject(new BadRequestError(AI_MESSAGES.fileRequired));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (name === part) file = { fileName: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => reject(new BadRequestError(AI_MESSAGES.fileRequired)));
    parser.on('close', () => {
      if (tooLarge) reject(new PayloadTooLargeError(AI_MESSAGES.fileTooLarge));
      else resolve({ fields, file });
    });
    parser.end(rawBody);
  });
}
