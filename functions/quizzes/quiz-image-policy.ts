import {
  QUIZ_IMAGE_MESSAGES,
  QUIZ_IMAGE_PATH,
  quizImageKeyOf,
  type QuestionImage,
} from '@shared/quiz-images';
import type { QuestionImageInput } from '@shared/quiz-images';
import { BadRequestError } from '../lib/errors';

/**
 * The rules of questions' pictures, as pure functions: where an upload and a stored picture live,
 * what a file's first bytes say it is, which key a question may name, and which stored pictures an
 * edit leaves behind. quiz-image-store.ts keeps the objects; quiz-image.ts joins the two.
 */

/** What a file's bytes say it is; the name and the browser's content type say nothing. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format by the file's signature (JPEG SOI, PNG's 8 bytes, RIFF…WEBP), or none. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (signature: readonly number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Where a member's picture uploads go (inside the materials bucket's `uploads/<user id>/`). */
export const imageUploadPrefix = (userId: string) => `uploads/${userId}/quiz-images/`;

/** The folder of every quiz's stored pictures in the images bucket (`quiz-images/`). */
export const QUIZ_IMAGES_ROOT = quizImageKeyOf(QUIZ_IMAGE_PATH);

/** Where a quiz's pictures are stored and served from (`/quiz-images/<quiz id>/…`). */
export const quizImagePrefix = (quizId: string) => `${QUIZ_IMAGES_ROOT}${quizId}/`;

/** The quiz a stored picture's key belongs to (`quiz-images/<quiz id>/<name>`), or undefined for any other key. */
export function quizIdOfImageKey(key: string): string | undefined {
  if (!key.startsWith(QUIZ_IMAGES_ROOT) || key.includes('..')) return undefined;
  const [quizId, name] = key.slice(QUIZ_IMAGES_ROOT.length).split('/');
  return quizId && name ? quizId : undefined;
}

/** A stored picture's key: named by its content's hash, so it is cached for ever and stored once per quiz. */
export const storedImageKey = (quizId: string, contentHash: string) =>
  `${quizImagePrefix(quizId)}${contentHash}.webp`;

export const imageUrlOf = (key: string) => `/${key}`;

/** What becomes of one question's picture on a save. */
export type ImagePlan =
  { kind: 'none' } | { kind: 'keep'; image: QuestionImage } | { kind: 'upload'; key: string; alt: string };

/**
 * What each question's picture is to be, from what the form sent and the quiz's questions before
 * (none for a new quiz). `null` removes a picture; a question without `image` keeps the picture
 * of the question at its position (an edit; a new quiz has none). A key must be a fresh upload
 * of the caller's own or one of this quiz's current pictures; anything else (another member's
 * upload, another quiz's picture) is refused, whatever exists behind it.
 */
export function imagePlans(
  inputs: readonly { image?: QuestionImageInput | null | undefined }[],
  context: { userId: string; before: readonly { image?: QuestionImage | null | undefined }[] },
): ImagePlan[] {
  const current = new Map(
    context.before.flatMap((question) =>
      question.image ? [[quizImageKeyOf(question.image.url), question.image] as const] : [],
    ),
  );
  return inputs.map((input, index): ImagePlan => {
    if (input.image === null) return { kind: 'none' };
    if (input.image === undefined) {
      const kept = context.before[index]?.image;
      return kept ? { kind: 'keep', image: kept } : { kind: 'none' };
    }
    const { key, alt } = input.image;
    const stored = current.get(key);
    if (stored) return { kind: 'keep', image: { ...stored, alt } };
    if (key.startsWith(imageUploadPrefix(context.userId)) && !key.includes('..'))
      return { kind: 'upload', key, alt };
    throw new BadRequestError(QUIZ_IMAGE_MESSAGES.uploadMissing);
  });
}

/** The keys of the stored pictures the questions show. */
export const imageKeysOf = (questions: readonly { image?: QuestionImage | null | undefined }[]) =>
  new Set(questions.flatMap((question) => (question.image ? [quizImageKeyOf(question.image.url)] : [])));

/** The stored pictures `before` showed and `after` no longer does (deleted once the edit is saved). */
export function droppedImageKeys(
  before: readonly { image?: QuestionImage | null | undefined }[],
  after: readonly { image?: QuestionImage | null | undefined }[],
): string[] {
  const kept = imageKeysOf(after);
  return [...imageKeysOf(before)].filter((key) => !kept.has(key));
}

/** The questions with their pictures, in order (what `prepareQuestionImages` answered). */
export const withImages = <Q extends { image?: QuestionImage | null | undefined }>(
  questions: readonly Q[],
  images: readonly (QuestionImage | null)[],
): Q[] => questions.map((question, index) => ({ ...question, image: images[index] ?? null }));

/**
 * The quizzes whose stored pictures are orphans: no such quiz exists (a creation that timed out
 * between writing its pictures and its transaction), and nothing was written there since
 * `olderThan` (so a creation still under way is never touched).
 */
export function orphanQuizIds(
  folders: ReadonlyMap<string, Date>,
  existing: ReadonlySet<string>,
  olderThan: Date,
): string[] {
  return [...folders]
    .filter(([quizId, newest]) => !existing.has(quizId) && newest < olderThan)
    .map(([quizId]) => quizId);
}

/**
 * Paths one invalidation may carry, CloudFront billing each path past the month's first 1,000:
 * past this many the batch invalidates every picture with one wildcard path instead (the edge then
 * fetches again the pictures it is asked for, which costs S3 reads, not invalidations).
 */
export const INVALIDATION_PATHS_MAX = 15;

/**
 * The CloudFront paths that take removed stored pictures off the edge (they are cached for a
 * year). Each picture costs its own path, except a quiz that lost several together (its deletion,
 * an edit dropping several), which costs one wildcard `/quiz-images/<quiz id>/*`. A batch carries
 * at most one wildcard and at most {@link INVALIDATION_PATHS_MAX} paths: when a second quiz would
 * need a wildcard, or the paths would be more, the one path `/quiz-images/*` takes every picture off
 * the edge. CloudFront lets only 15 wildcard paths be in progress on a distribution, and an
 * invalidation stays in progress for a while after the call: one wildcard a batch, two batches at
 * once at most (the route table), stays well within that, and a batch costs at most 15 paths
 * whatever was removed. Keys outside the stored pictures are ignored; a key named twice costs once.
 */
export function invalidationPaths(removedKeys: readonly string[]): string[] {
  const byQuiz = new Map<string, Set<string>>();
  for (const key of removedKeys) {
    const quizId = quizIdOfImageKey(key);
    if (quizId) byQuiz.set(quizId, (byQuiz.get(quizId) ?? new Set()).add(key));
  }
  const several = [...byQuiz].filter(([, keys]) => keys.size > 1);
  const paths = [...byQuiz].flatMap(([quizId, keys]) =>
    keys.size > 1 ? [`/${quizImagePrefix(quizId)}*`] : [...keys].map(imageUrlOf),
  );
  return several.length > 1 || paths.length > INVALIDATION_PATHS_MAX ? [`/${QUIZ_IMAGES_ROOT}*`] : paths;
}
