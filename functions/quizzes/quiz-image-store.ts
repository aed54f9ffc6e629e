import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { QUIZ_IMAGE_LIMITS, QUIZ_IMAGE_MESSAGES, type QuizImageType } from '@shared/quiz-images';
import { s3 } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors';
import { QUIZ_IMAGES_ROOT, quizIdOfImageKey } from './quiz-image-policy';

/**
 * Questions' pictures in S3: uploads in the materials bucket (`uploads/<user id>/quiz-images/`,
 * removed after a day by its lifecycle rule if never saved) and stored pictures in the quiz
 * images bucket (`quiz-images/<quiz id>/<hash>.webp`, served by CloudFront under the same path).
 */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;

/** A year, never revalidated: a stored picture's name changes with its content. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function bucketOf(name: 'materialsBucket' | 'quizImagesBucket'): string {
  const bucket = getConfig()[name];
  if (!bucket)
    throw new Error(`${name === 'materialsBucket' ? 'MATERIALS' : 'QUIZ_IMAGES'}_BUCKET is not configured`);
  return bucket;
}

const isMissing = (error: unknown) =>
  error instanceof NotFound || ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');

/**
 * A presigned POST for one picture at `key`: S3 itself refuses a file over 5 MB
 * (content-length-range) or of another content type than the one announced; valid 5 minutes.
 */
export async function presignImageUpload(key: string, contentType: QuizImageType) {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucketOf('materialsBucket'),
    Key: key,
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['content-length-range', 1, QUIZ_IMAGE_LIMITS.maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { url, fields, key };
}

/** An upload's bytes: 400 when it is missing (never uploaded, expired, used), 413 over 5 MB. */
export async function readImageUpload(key: string): Promise<Uint8Array> {
  const Bucket = bucketOf('materialsBucket');
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
    if ((head.ContentLength ?? 0) > QUIZ_IMAGE_LIMITS.maxBytes)
      throw new PayloadTooLargeError(QUIZ_IMAGE_MESSAGES.tooLarge);
    const object = await s3().send(new GetObjectCommand({ Bucket, Key: key }));
    return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isMissing(error)) throw new BadRequestError(QUIZ_IMAGE_MESSAGES.uploadMissing);
    throw error;
  }
}

/** Stores a re-encoded picture under its content-hashed key, with its long cache header. */
export async function putQuizImage(key: string, bytes: Uint8Array): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucketOf('quizImagesBucket'),
      Key: key,
      Body: bytes,
      ContentType: 'image/webp',
      CacheControl: IMAGE_CACHE_CONTROL,
    }),
  );
}

/** Copies a stored picture to another key (a quiz's copy gets its own pictures). */
export async function copyQuizImage(from: string, to: string): Promise<void> {
  const Bucket = bucketOf('quizImagesBucket');
  await s3().send(
    new CopyObjectCommand({
      Bucket,
      Key: to,
      CopySource: `${Bucket}/${from}`,
      MetadataDirective: 'COPY',
    }),
  );
}

async function deleteKeys(Bucket: string, keys: readonly string[]): Promise<void> {
  // DeleteObjects takes 1,000 keys a call.
  for (let start = 0; start < keys.length; start += 1000) {
    const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
    await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
  }
}

/** Deletes stored pictures (missing ones are no error). */
export const deleteQuizImageObjects = (keys: readonly string[]) =>
  keys.length ? deleteKeys(bucketOf('quizImagesBucket'), keys) : Promise.resolve();

/** Deletes used uploads (missing ones are no error). */
export const deleteImageUploads = (keys: readonly string[]) =>
  keys.length ? deleteKeys(bucketOf('materialsBucket'), keys) : Promise.resolve();

async function listKeys(Bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket, Prefix: prefix }))
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
  return keys;
}

/** Deletes every stored picture under `prefix` (a quiz's). */
export async function deleteQuizImagesUnder(prefix: string): Promise<void> {
  const Bucket = bucketOf('quizImagesBucket');
  await deleteKeys(Bucket, await listKeys(Bucket, prefix));
}

/** Deletes every upload under `prefix` (an account's, on its deletion). */
export async function deleteUploadsUnder(prefix: string): Promise<void> {
  const Bucket = bucketOf('materialsBucket');
  await deleteKeys(Bucket, await listKeys(Bucket, prefix));
}

/**
 * Every quiz that has stored pictures, with the time its newest one was written (the orphan sweep;
 * a listing of the whole bucket, never in a request's path).
 */
export async function listQuizImageFolders(): Promise<Map<string, Date>> {
  const newest = new Map<string, Date>();
  const Bucket = bucketOf('quizImagesBucket');
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket, Prefix: QUIZ_IMAGES_ROOT }))
    for (const object of page.Contents ?? []) {
      const quizId = object.Key ? quizIdOfImageKey(object.Key) : undefined;
      if (!quizId || !object.LastModified) continue;
      const seen = newest.get(quizId);
      if (!seen || seen < object.LastModified) newest.set(quizId, object.LastModified);
    }
  return newest;
}

/** The stored pictures' keys under `prefix` (tests and the deletion's checks). */
export const listQuizImageKeys = (prefix: string) => listKeys(bucketOf('quizImagesBucket'), prefix);
