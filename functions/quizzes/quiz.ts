import { randomUUID } from 'node:crypto';
import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import type { AnswerCheckResult } from '@shared/attempts';
import type { AnswerLetter } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { displayName } from '@shared/users';
import type { CreateQuizData, Question, UpdateQuizData } from '@shared/quiz-schemas';
import { listActiveCategoriesCached } from '../categories/category';
import { ConditionsFailed } from '../data/errors';
import { AppError, BadRequestError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { checkEvent } from '../learning/event-policy';
import { putAnswerEvent } from '../learning/event-store';
import { achievementGrant } from '../learning/record-store';
import { currentTime } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { Member } from '../users/user-policy';
import { getUser, type UserItem } from '../users/user-store';
import { assertTagsUsable, writeWithTags } from '../tags/tag';
import { tagStateOf } from '../tags/tag-policy';
import {
  ANSWER_CHECK_LIMITS,
  QUIZ_WRITE_LIMITS,
  assertPrivacyAllowed,
  assertQuotaLeft,
  canView,
  checkedAnswer,
  editedQuiz,
  editRecord,
  isKnownCategory,
  isPubliclyVisible,
  newQuiz,
  quizQuota,
  quotaReached,
  revisedQuestions,
  type Quiz,
} from './quiz-policy';
import { afterImagesRefused, afterImagesSaved, deleteQuizImages, prepareQuestionImages } from './quiz-image';
import { withImages } from './quiz-image-policy';
import {
  deleteQuizContents,
  getQuiz,
  getQuizDetail,
  insertQuiz,
  insertQuizOnce,
  removeQuiz,
  setAuthorName,
  writeQuizEdit,
  type QuizItem,
} from './quiz-store';

/**
 * Quizzes: what the routes ask of them, each the rules (quiz-policy.ts) applied to what the store
 * (quiz-store.ts) reads, and the outcome written back through the store.
 */

/** The quiz as its viewer may see it; 404 for anything they may not see (no existence leak). */
export async function viewableQuizDetail(quizId: string, viewer: UserItem | undefined) {
  const detail = await getQuizDetail(quizId);
  if (!detail || !canView(detail.quiz, viewer)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return detail;
}

/**
 * Counts one answer checked against the key (a solo play's check, a study answer's record) in the
 * caller's address and member allowances: 429 once either is used up. Every call that says whether
 * an answer is right counts here, or the key could be read through the one that does not.
 */
export async function countAnswerCheck(caller: { user: Member | undefined; ipAddress: string }) {
  const { perMember, perAddress, windowSeconds } = ANSWER_CHECK_LIMITS;
  const allowed =
    (await withinIpRateLimit('answer-check', caller.ipAddress, perAddress, windowSeconds)) &&
    (!caller.user || (await withinRateLimit(`answer-check#${caller.user.id}`, perMember, windowSeconds)));
  if (!allowed) throw new TooManyRequestsError(ATTEMPT_MESSAGES.checkTooFast);
}

/**
 * One answer of a solo play, checked: whether it is right, the right answer and the explanation.
 * The quiz must be one the caller may read (404 as for reading it); the caller's member and
 * address allowances are counted first (429 once used up).
 */
export async function checkAnswer(
  quizId: string,
  input: { questionId: string; answer: AnswerLetter; playId?: string | undefined },
  caller: { user: Member | undefined; ipAddress: string; log?: Logger },
  now = currentTime(),
): Promise<AnswerCheckResult> {
  // The quiz is read while the allowances are counted; a refusal (429) still comes before a 404.
  const detail = viewableQuizDetail(quizId, caller.user);
  detail.catch(() => undefined);
  await countAnswerCheck(caller);
  const { quiz, questions } = await detail;
  const result = checkedAnswer(questions, input);
  // A member's answer of a play the page names counts in their learning records at once; the
  // answer stands whatever happens to that (its finished play counts what its checks did not).
  if (caller.user && input.playId)
    await putAnswerEvent(
      checkEvent({
        userId: caller.user.id,
        quizId,
        playId: input.playId,
        questionId: result.questionId,
        correct: result.isCorrect,
        category: quiz.category,
        difficulty: quiz.difficulty,
        answeredAt: now,
        suffix: randomUUID().slice(0, 8),
      }),
    ).catch((error: unknown) => caller.log?.error('recording a checked answer failed', { error }));
  return result;
}

/** The quiz when `user` is its author; 404 otherwise (another author's quiz is none of their business). */
export async function ownQuiz(quizId: string, user: UserItem): Promise<QuizItem> {
  const quiz = await getQuiz(quizId);
  if (!quiz || quiz.authorId !== user.id) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return quiz;
}

/** A quiz's category must be one of the active categories. */
export async function assertCategory(name: string) {
  if (!isKnownCategory(name, await listActiveCategoriesCached()))
    throw new BadRequestError(QUIZ_MESSAGES.unknownCategory);
}

/**
 * Writes a sample quiz under a fixed id when it does not exist yet (seeding; outside any quota).
 * Returns whether it was created.
 */
export async function seedQuiz(
  author: UserItem,
  id: string,
  data: CreateQuizData,
  now = new Date(),
): Promise<boolean> {
  const quiz = newQuiz(author, id, data, now);
  return writeWithTags(
    quiz,
    {
      names: data.quiz.tags,
      before: { tagIds: [], counted: false },
      counted: isPubliclyVisible(quiz),
      creatorId: null,
    },
    (tagIds, tagWrites) => insertQuizOnce({ ...quiz, tagIds }, revisedQuestions(data.questions), tagWrites),
    now,
  );
}

/**
 * Writes a member's new quiz (a creation or a copy) with its tags, within their quota (3 free, 100
 * advanced) however many requests arrive at once; the first creation's achievement comes with it.
 */
export function insertMemberQuiz(
  user: Member,
  quiz: Quiz,
  questions: Question[],
  tagNames: readonly string[] | undefined,
  now: Date,
): Promise<QuizItem> {
  return writeWithTags(
    quiz,
    {
      names: tagNames,
      before: { tagIds: [], counted: false },
      counted: isPubliclyVisible(quiz),
      creatorId: user.id,
    },
    (tagIds, tagWrites) =>
      insertQuiz(
        { ...quiz, tagIds },
        questions,
        { limit: quizQuota(user), overQuota: () => quotaReached(user) },
        [achievementGrant(user.id, 'first_creation', now), ...tagWrites],
      ),
    now,
  );
}

/**
 * Refuses (429) a new quiz to a member at their quota before any work on its pictures, which a
 * refused creation would only have to undo, from the profile the request already read; the
 * creation's transaction stays the real guard (parallel requests all pass this check).
 */
export function assertQuotaBeforePictures(user: Member): void {
  assertQuotaLeft(user, user.quizCount ?? 0);
}

/** Counts a save (creation or edit) of the member's: 429 past `QUIZ_WRITE_LIMITS.savesPerMinute`. */
async function countSave(userId: string) {
  if (!(await withinRateLimit(`quiz-save#${userId}`, QUIZ_WRITE_LIMITS.savesPerMinute, 60)))
    throw new TooManyRequestsError(QUIZ_MESSAGES.savesTooFast);
}

/** A save refused before anything of it was written: a rule said no, or a condition of its transaction. */
const refusedForSure = (error: unknown) => error instanceof AppError || error instanceof ConditionsFailed;

/**
 * Creates a quiz with its questions, within the author's quota (3 free, 100 advanced) however
 * many requests arrive at once; the first creation's achievement is granted with it.
 */
export async function createQuiz(user: Member, data: CreateQuizData, now = new Date()): Promise<QuizItem> {
  assertPrivacyAllowed(user, data.quiz);
  await countSave(user.id);
  await assertCategory(data.quiz.category);
  if (data.questions.some((question) => question.image)) {
    assertQuotaBeforePictures(user);
    // What the tags would refuse is refused before the pictures are re-encoded.
    await assertTagsUsable(data.quiz.tags, user.id, now);
  }
  const quizId = randomUUID();
  const images = await prepareQuestionImages(user.id, quizId, data.questions);
  const questions = withImages(revisedQuestions(data.questions), images.images);
  let saved: QuizItem;
  try {
    saved = await insertMemberQuiz(user, newQuiz(user, quizId, data, now), questions, data.quiz.tags, now);
  } catch (error) {
    // Whatever refused it (quota, tags, the account), the pictures written for it go; a failure
    // whose outcome is unknown (a time-out after the write) keeps them (an orphan at worst).
    if (refusedForSure(error)) await afterImagesRefused(images, async () => []).catch(() => undefined);
    throw error;
  }
  // The quiz is saved: an upload or picture left behind is for the bucket's lifecycle, not an error.
  await afterImagesSaved(images, { before: [], after: questions }).catch(() => undefined);
  return saved;
}

/**
 * Replaces a quiz's fields and questions (author only). Every edit is recorded with before/after
 * of the quiz and the questions, in the same transaction as the edit.
 */
export async function updateQuiz(
  user: Member,
  quizId: string,
  data: UpdateQuizData,
  now = new Date(),
): Promise<QuizItem> {
  const detail = await getQuizDetail(quizId);
  if (!detail || detail.quiz.authorId !== user.id || detail.quiz.status !== 'active')
    throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const { quiz: before, questions: beforeQuestions } = detail;
  assertPrivacyAllowed(user, data.quiz, before);
  await countSave(user.id);
  const after = editedQuiz(before, data, now);
  await assertCategory(data.quiz.category);
  if (data.questions.some((question) => question.image)) await assertTagsUsable(data.quiz.tags, user.id, now);
  const images = await prepareQuestionImages(user.id, quizId, data.questions, beforeQuestions);
  const questions = {
    before: beforeQuestions,
    after: withImages(revisedQuestions(data.questions, beforeQuestions), images.images),
  };
  const edit = editRecord(user, { before, after }, questions);
  const saved = await writeWithTags(
    before,
    {
      names: data.quiz.tags,
      before: tagStateOf(before),
      counted: isPubliclyVisible(after),
      creatorId: user.id,
    },
    (tagIds, tagWrites) => writeQuizEdit(before, { ...after, tagIds }, questions, edit, tagWrites),
    now,
  ).catch(async (error: unknown) => {
    // A parallel edit that won may show the same pictures (stored under the same hash): they stay,
    // read strongly consistent. A transaction that stayed busy (the winner may not have committed
    // yet) or a failure of unknown outcome deletes nothing: an orphan at worst, never a missing picture.
    if (refusedForSure(error))
      await afterImagesRefused(
        images,
        async () => (await getQuizDetail(quizId, { consistent: true }))?.questions ?? [],
      ).catch(() => undefined);
    throw error;
  });
  await afterImagesSaved(images, questions).catch(() => undefined);
  return saved;
}

/**
 * Deletes a quiz and all its related data (questions, favourites, reports, edit history). The quiz
 * first leaves every list (status `deleting`), then its items go, then the quiz itself with the
 * author's counter; an interrupted deletion can simply be repeated.
 */
export async function deleteQuiz(user: UserItem, quizId: string): Promise<void> {
  await ownQuiz(quizId, user);
  await deleteQuizContents(quizId);
  await deleteQuizImages(quizId);
  await removeQuiz(quizId, user.id);
}

/**
 * After a nickname change, the member's quizzes show the name they go by now: it is written on each
 * quiz, and again when a parallel change moved it meanwhile. A failure is logged and the nickname
 * stands; the next change writes the name on every quiz that lacks it.
 */
export async function renameAuthor(userId: string, log: Logger): Promise<void> {
  try {
    for (let round = 0; round < 3; round++) {
      const user = await getUser(userId, { consistent: true });
      if (!user) return;
      const name = displayName(user);
      await setAuthorName(userId, name);
      const after = await getUser(userId, { consistent: true });
      if (!after || displayName(after) === name) return;
    }
  } catch (error) {
    log.error('writing the author name on their quizzes failed', { error });
  }
}
