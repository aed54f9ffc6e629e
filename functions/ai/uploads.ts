import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { randomUUID } from 'node:crypto';
import { AI_MESSAGES, uploadKindOf, type UploadTicket } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { SHEET_LIMITS, SHEET_MESSAGES, sheetFormatOf } from '@shared/spreadsheets';
import { s3 } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import {
  BadRequestError,
  isServiceUnavailable,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
} from '../lib/errors';
import type { Member } from '../users/user-policy';
import type { MaterialFile } from './materials';
import { checkAttemptRate, usageLimit } from './usage';

/**
 * Study files uploaded straight to S3: the presigned POST a browser uploads with, and reading an
 * upload back (then deleting it). Uploads live under `uploads/<user id>/` in the materials bucket.
 */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;

function materialsBucket(): string {
  const bucket = getConfig().materialsBucket;
  if (!bucket) throw new Error('MATERIALS_BUCKET is not configured');
  return bucket;
}

const userPrefix = (userId: string) => `uploads/${userId}/`;

const UPLOADS_PER_MINUTE = 20;

/** A spreadsheet for the import: its own kind and its own size limit (1 MB), in the same prefix. */
const SHEET_UPLOAD = {
  kind: 'sheet',
  maxBytes: SHEET_LIMITS.fileMaxBytes,
  tooLargeMessage: SHEET_MESSAGES.fileTooLarge,
} as const;

/**
 * `POST /api/ai/uploads`: a presigned POST for one study file. Refused when no generation is
 * left today (the file could not be used) and when asked for too often.
 */
export async function createUpload(user: Member, input: { fileName: string; size: number }) {
  await checkAttemptRate(user.id, 'ai-upload', UPLOADS_PER_MINUTE);
  // A spreadsheet for the import (issue 30) takes no generation: only the upload rate counts.
  if (sheetFormatOf(input.fileName)) return createUploadTicket(user.id, input, SHEET_UPLOAD);
  const usage = await usageLimit(user);
  if (!usage.canUse) throw new TooManyRequestsError(AI_MESSAGES.dailyLimit(usage.total), 'ai_daily_limit');
  return createUploadTicket(user.id, input);
}

/** A presigned POST for one file: 1 byte to 10 MB, under the member's own prefix, valid 5 minutes. */
export async function createUploadTicket(
  userId: string,
  input: { fileName: string; size: number },
  upload: typeof SHEET_UPLOAD | undefined = undefined,
): Promise<UploadTicket> {
  const kind = upload?.kind ?? uploadKindOf(input.fileName);
  const maxBytes = upload?.maxBytes ?? LIMITS.uploadMaxBytes;
  if (!kind) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  if (upload && input.size > maxBytes) throw new PayloadTooLargeError(upload.tooLargeMessage);
  const extension = /\.[a-z]+$/.exec(input.fileName.toLowerCase())?.[0] ?? '';
  const key = `${userPrefix(userId)}${randomUUID()}${extension}`;
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: materialsBucket(),
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes]],
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return {
    url,
    fields,
    key,
    kind,
    maxBytes,
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
  // Uploaded files are used once: deleted once read or refused for good. When S3 itself failed
  // (busy, unreachable) the file is kept for the member's next try; a lifecycle rule removes
  // anything left behind.
  let used = true;
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
    if ((head.ContentLength ?? 0) > LIMITS.uploadMaxBytes)
      throw new PayloadTooLargeError(AI_MESSAGES.fileTooLarge);
    const object = await s3().send(new GetObjectCommand({ Bucket, Key: key }));
    const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    return { fileName: key.slice(key.lastIndexOf('/') + 1), bytes };
  } catch (error) {
    if (error instanceof NotFound || (error as { name?: string }).name === 'NoSuchKey')
      throw new NotFoundError(AI_MESSAGES.uploadMissing);
    used = !isServiceUnavailable(error);
    throw error;
  } finally {
    if (used)
      await s3()
        .send(new DeleteObjectCommand({ Bucket, Key: key }))
        .catch(() => undefined);
  }
}
