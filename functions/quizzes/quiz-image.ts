import { randomUUID } from 'node:crypto';
import {
  QUIZ_IMAGE_LIMITS,
  QUIZ_IMAGE_MESSAGES,
  quizImageKeyOf,
  type QuestionImage,
  type QuestionImageInput,
  type QuizImageUploadRequest,
  type QuizImageUploadTicket,
} from '@shared/quiz-images';
import { TooManyRequestsError } from '../lib/errors';
import { withinRateLimit } from '../lib/rate-limit';
import {
  droppedImageKeys,
  imageKeysOf,
  imagePlans,
  orphanQuizIds,
  imageUploadPrefix,
  imageUrlOf,
  quizImagePrefix,
  storedImageKey,
  type ImagePlan,
} from './quiz-image-policy';
import { reencodeQuizImage } from './quiz-image-processing';
import { existingQuizIds } from './quiz-store';
import {
  copyQuizImage,
  deleteImageUploads,
  deleteQuizImageObjects,
  deleteQuizImagesUnder,
  deleteUploadsUnder,
  listQuizImageFolders,
  presignImageUpload,
  putQuizImage,
  readImageUpload,
} from './quiz-image-store';

/**
 * Questions' pictures: the upload ticket, turning uploads into stored pictures when a quiz is
 * saved (and cleaning up after a save that fails), deleting them with their question, quiz or
 * account, and copying them to a quiz's copy.
 */

/** Pictures re-encoded at once: enough to overlap S3's round trips, few enough to stay in memory. */
const PROCESSING_PARALLEL = 3;

const EXTENSIONS: Record<QuizImageUploadRequest['contentType'], string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

/**
 * `POST /api/quizzes/images/uploads`: a presigned POST for one picture under the member's own
 * prefix; at most {@link QUIZ_IMAGE_LIMITS.uploadsPerMinute} a minute.
 */
export async function createImageUpload(
  userId: string,
  input: QuizImageUploadRequest,
): Promise<QuizImageUploadTicket> {
  if (!(await withinRateLimit(`quiz-image-upload#${userId}`, QUIZ_IMAGE_LIMITS.uploadsPerMinute, 60)))
    throw new TooManyRequestsError(QUIZ_IMAGE_MESSAGES.uploadTooFast);
  const key = `${imageUploadPrefix(userId)}${randomUUID()}${EXTENSIONS[input.contentType]}`;
  return presignImageUpload(key, input.contentType);
}

/** Runs `work` over `items`, at most `limit` at a time, in order; the first failure fails it all. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/** The questions' pictures for a save, and what the save leaves to do once it succeeded or failed. */
export interface PreparedImages {
  quizId: string;
  /** Each question's picture, in the order of the questions. */
  images: (QuestionImage | null)[];
  /** Pictures written for this save that the quiz did not show before. */
  written: string[];
  /** The uploads they came from. */
  uploads: string[];
}

/**
 * Turns the pictures a create or edit names into stored pictures of quiz `quizId`: each new
 * upload is read, checked and re-encoded (a few at a time), stored under its content hash, and
 * the questions get its url and size. A refused picture (400) leaves nothing written behind.
 * `before` is the quiz's questions (none for a new quiz).
 */
export async function prepareQuestionImages(
  userId: string,
  quizId: string,
  inputs: readonly { image?: QuestionImageInput | null | undefined }[],
  before: readonly { image?: QuestionImage | null | undefined }[] = [],
): Promise<PreparedImages> {
  const plans = imagePlans(inputs, { userId, before });
  const uploads = [...new Set(plans.flatMap((plan) => (plan.kind === 'upload' ? [plan.key] : [])))];
  const existing = imageKeysOf(before);
  const written = new Set<string>();
  let stored: Map<string, Omit<QuestionImage, 'alt'>>;
  try {
    const results = await inBatches(uploads, PROCESSING_PARALLEL, async (upload) => {
      const encoded = await reencodeQuizImage(await readImageUpload(upload));
      const key = storedImageKey(quizId, encoded.contentHash);
      await putQuizImage(key, encoded.bytes);
      if (!existing.has(key)) written.add(key);
      return [upload, { url: imageUrlOf(key), width: encoded.width, height: encoded.height }] as const;
    });
    stored = new Map(results);
  } catch (error) {
    await deleteQuizImageObjects([...written]).catch(() => undefined);
    throw error;
  }
  const imageOf = (plan: ImagePlan): QuestionImage | null => {
    if (plan.kind === 'none') return null;
    if (plan.kind === 'keep') return plan.image;
    return { ...stored.get(plan.key)!, alt: plan.alt };
  };
  return { quizId, images: plans.map(imageOf), written: [...written], uploads };
}

/** After a successful save: the used uploads go, and so do the pictures the quiz no longer shows. */
export async function afterImagesSaved(
  prepared: PreparedImages,
  questions: {
    before: readonly { image?: QuestionImage | null | undefined }[];
    after: readonly { image?: QuestionImage | null | undefined }[];
  },
): Promise<void> {
  await Promise.all([
    deleteImageUploads(prepared.uploads),
    deleteQuizImageObjects(droppedImageKeys(questions.before, questions.after)),
  ]);
}

/**
 * After a refused save: the pictures written for it go, except those the quiz now shows (a
 * parallel edit that won may have saved the same picture, stored under the same hash).
 * `current` reads the quiz's questions as they are now (none once it is gone).
 */
export async function afterImagesRefused(
  prepared: PreparedImages,
  current: () => Promise<readonly { image?: QuestionImage | null | undefined }[]>,
): Promise<void> {
  if (prepared.written.length === 0) return;
  const shown = imageKeysOf(await current());
  await deleteQuizImageObjects(prepared.written.filter((key) => !shown.has(key)));
}

/** Deletes every picture of a quiz (its deletion, and the deletion of its author's account). */
export const deleteQuizImages = (quizId: string) => deleteQuizImagesUnder(quizImagePrefix(quizId));

/**
 * Deletes the pictures no quiz owns (`npm run images:sweep`): those of quizzes that do not exist
 * and got no new picture since `olderThan` (a day ago by default; a creation still under way
 * writes its pictures seconds before its quiz). Answers the quiz ids swept.
 */
export async function sweepOrphanQuizImages(olderThan: Date): Promise<string[]> {
  const folders = await listQuizImageFolders();
  const existing = new Set<string>();
  const ids = [...folders.keys()];
  // BatchGetItem reads 100 keys a call; a few hundred at a time keeps memory flat.
  for (let start = 0; start < ids.length; start += 500)
    for (const id of await existingQuizIds(ids.slice(start, start + 500))) existing.add(id);
  const orphans = orphanQuizIds(folders, existing, olderThan);
  await inBatches(orphans, 5, (quizId) => deleteQuizImagesUnder(quizImagePrefix(quizId)));
  return orphans;
}

/** Deletes a member's picture uploads not saved yet (their account's deletion). */
export const deleteMemberImageUploads = (userId: string) => deleteUploadsUnder(imageUploadPrefix(userId));

/**
 * Copies a quiz's pictures to quiz `toQuizId` (duplicating a whole quiz), so either quiz can be
 * edited or deleted without touching the other's; answers the questions with their pictures
 * pointing at the copies. Each picture is copied once, however many questions show it.
 */
export async function copyQuizImages<Q extends { image?: QuestionImage | null | undefined }>(
  toQuizId: string,
  questions: readonly Q[],
): Promise<Q[]> {
  const sources = [...imageKeysOf(questions)];
  const copies = new Map(
    sources.map((key) => [
      key,
      storedImageKey(toQuizId, key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)),
    ]),
  );
  try {
    await inBatches(sources, 10, (key) => copyQuizImage(key, copies.get(key)!));
  } catch (error) {
    await deleteQuizImageObjects([...copies.values()]).catch(() => undefined);
    throw error;
  }
  return questions.map((question) =>
    question.image
      ? {
          ...question,
          image: { ...question.image, url: imageUrlOf(copies.get(quizImageKeyOf(question.image.url))!) },
        }
      : question,
  );
}
