import { randomUUID } from 'node:crypto';
import { LIMITS } from '@shared/constants';
import { ATTEMPT_MESSAGES, type AnswerCheckResult } from '@shared/attempts';
import type { AnswerLetter } from '@shared/constants';
import {
  QUIZ_MESSAGES,
  type Question,
  type QuizDetail,
  type QuizForPlay,
  type QuizSummary,
} from '@shared/quizzes';
import { type CreateQuizData, type UpdateQuizData } from '@shared/quiz-schemas';
import { displayName } from '@shared/users';
import { ConditionsFailed, ignoreConditionFailed } from '../data/errors';
import { batchGetAll, deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { indexAttributes, setAttributes } from '../data/keys';
import { queryOwned } from '../data/owned';
import { queryAll, queryPages } from '../data/paginate';
import { INDEX } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { listActiveCategoriesCached } from '../categories/category';
import { achievementGrant } from '../progress/progress';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { accountGuard, LIVE_ACCOUNT, type Member, type UserItem } from '../users/user';
import { userKey } from '../users/user-keys';
import { EditKeys, QuestionKeys, questionKey, QuizKeys, quizKey } from './quiz-keys';

/**
 * Quizzes. A quiz is one partition, `QUIZ#<id>` (quiz-keys.ts): `META` (the quiz, with its
 * aggregates), `QUESTION#<order>` (questions), `FAVORITE#<userId>`, `REPORT#<userId>`,
 * `ATTEMPT#…`, `PLAYER#…`, `PROGRESS#…` and `EDIT#<time>` items, so deleting the partition deletes
 * all of it. META is owned by the author (`gsi2pk = USER#<id>`, `cascade = partition`) so deleting
 * the account deletes the quiz. Visible public quizzes are in the sparse `byCollection` index
 * under `QUIZ#PUBLIC`, newest first.
 */

export interface QuizItem {
  pk: string;
  sk: 'META';
  id: string;
  title: string;
  description: string;
  category: string;
  difficulty: QuizSummary['difficulty'];
  timeLimit: number;
  authorId: string;
  authorName: string;
  username: string;
  isPublished: boolean;
  isHidden: boolean;
  status: 'active' | 'deleting';
  questionCount: number;
  reportCount: number;
  participantCount: number;
  totalPlayers: number;
  ratingSum: number;
  ratingCount: number;
  /** Written by earlier versions; the average is computed from the sum and count (`averageRating`). */
  averageRating?: number;
  hiddenBy?: string | null;
  hiddenAt?: string | null;
  reviewedBy?: string | null;
  reviewedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  cascade: 'partition';
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk: string;
  gsi2sk: string;
}

interface QuestionItem extends Question {
  pk: string;
  sk: string;
  quizId: string;
}

/** Whether a quiz belongs in public lists: published, not hidden by an admin, not being deleted. */
export const isPubliclyVisible = (quiz: Pick<QuizItem, 'isPublished' | 'isHidden' | 'status'>) =>
  quiz.isPublished && !quiz.isHidden && quiz.status === 'active';

/**
 * Whether a quiz may be featured (今週の注目クイズ): publicly visible and with no open reports, so a
 * quiz under review or flagged by members is never put forward. Whatever ranks the candidates,
 * they pass this first.
 */
export const isFeaturable = (quiz: Pick<QuizItem, 'isPublished' | 'isHidden' | 'status' | 'reportCount'>) =>
  isPubliclyVisible(quiz) && (quiz.reportCount ?? 0) === 0;

/** Who may see a quiz: everyone when public; private quizzes only their author; hidden ones their author and admins. */
export function canView(quiz: QuizItem, viewer: Pick<UserItem, 'id' | 'role'> | undefined): boolean {
  if (quiz.status !== 'active') return false;
  const isAuthor = viewer?.id === quiz.authorId;
  if (!quiz.isPublished && !isAuthor) return false;
  if (quiz.isHidden && !isAuthor && viewer?.role !== 'admin') return false;
  return true;
}

/** The attributes `toSummary`, the filters and the sorts read. */
export const SUMMARY_FIELDS =
  'id, title, description, category, difficulty, timeLimit, questionCount, participantCount, totalPlayers, ratingSum, ratingCount, authorId, authorName, isPublished, isHidden, #status, reportCount, createdAt, updatedAt';

/**
 * The average rating to one decimal. Ratings add to `ratingSum` and `ratingCount` atomically
 * (many people rate at once), so the average is derived from them rather than stored.
 */
export const averageRating = (quiz: Pick<QuizItem, 'ratingSum' | 'ratingCount'>) =>
  quiz.ratingCount > 0 ? Math.round((Number(quiz.ratingSum) / quiz.ratingCount) * 10) / 10 : 0;

export function toSummary(quiz: QuizItem): QuizSummary {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    timeLimit: quiz.timeLimit,
    questionCount: quiz.questionCount,
    participantCount: quiz.participantCount,
    totalPlayers: quiz.totalPlayers,
    averageRating: averageRating(quiz),
    authorId: quiz.authorId,
    authorName: quiz.authorName,
    isPublished: quiz.isPublished,
    isHidden: quiz.isHidden,
    reportCount: quiz.reportCount,
    createdAt: quiz.createdAt,
    updatedAt: quiz.updatedAt,
  };
}

const toQuestion = (item: QuestionItem): Question => ({
  id: item.id,
  questionText: item.questionText,
  optionA: item.optionA,
  optionB: item.optionB,
  optionC: item.optionC ?? null,
  optionD: item.optionD ?? null,
  correctAnswer: item.correctAnswer,
  explanation: item.explanation ?? null,
  order: item.order,
});

async function getQuiz(quizId: string): Promise<QuizItem | undefined> {
  const result = await db.get({ Key: quizKey(quizId) });
  return result.Item as QuizItem | undefined;
}

/** The quizzes that exist among `quizIds`, in the order of the ids (each once). */
export async function getQuizzes(quizIds: readonly string[]): Promise<QuizItem[]> {
  const unique = [...new Set(quizIds)];
  const found = await batchGetAll<QuizItem>(unique.map(quizKey));
  const order = new Map(unique.map((id, index) => [id, index]));
  return found.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * The quiz and its questions: a GetItem of META and a Query of the `QUESTION#` items of its
 * partition, in parallel (other items of the partition, such as favourites, players or reports,
 * are not read).
 */
export async function getQuizDetail(
  quizId: string,
): Promise<{ quiz: QuizItem; questions: Question[] } | undefined> {
  const [meta, stored] = await Promise.all([
    db.get({ Key: quizKey(quizId) }),
    queryAll<QuestionItem>({ partition: QuizKeys.pk({ quizId }), beginsWith: QuestionKeys.skPrefix() }),
  ]);
  const quiz = meta.Item as QuizItem | undefined;
  if (!quiz) return undefined;
  const questions = stored.map(toQuestion);
  return { quiz, questions: questions.sort((a, b) => a.order - b.order) };
}

export const toDetail = (quiz: QuizItem, questions: Question[]): QuizDetail => ({
  ...toSummary(quiz),
  questions,
});

/**
 * The transaction item for anything added to a quiz's partition (a favourite, play progress):
 * the quiz must still be active, or the item would outlive the quiz's deletion (404 otherwise).
 */
export const activeQuizCheck = (quizId: string): NamedItem => ({
  ConditionCheck: {
    Key: quizKey(quizId),
    ConditionExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': 'active' },
  },
  onConditionFailed: () => new NotFoundError(QUIZ_MESSAGES.notFound),
});

/** The quiz as its viewer may see it; 404 for anything they may not see (no existence leak). */
export async function viewableQuizDetail(quizId: string, viewer: UserItem | undefined) {
  const detail = await getQuizDetail(quizId);
  if (!detail || !canView(detail.quiz, viewer)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return detail;
}

/** Whether `viewer` may read a quiz's answer key before answering: its author and administrators. */
const readsAnswerKey = (quiz: QuizItem, viewer: Pick<UserItem, 'id' | 'role'> | undefined) =>
  viewer !== undefined && (viewer.id === quiz.authorId || viewer.role === 'admin');

/**
 * The quiz as `viewer` reads it to play: the answer key (`correctAnswer`, `explanation`) only
 * for its author and administrators; anyone else learns an answer once they have given theirs
 * (`checkAnswer`), so reading the quiz cannot win a live game.
 */
export function toPlayable(
  { quiz, questions }: { quiz: QuizItem; questions: Question[] },
  viewer: Pick<UserItem, 'id' | 'role'> | undefined,
): QuizForPlay {
  if (readsAnswerKey(quiz, viewer)) return toDetail(quiz, questions);
  return {
    ...toSummary(quiz),
    questions: questions.map(
      ({ correctAnswer: _answer, explanation: _explanation, ...question }) => question,
    ),
  };
}

/**
 * How many answers one member, and one client address (an IPv6 /64), may have checked in ten
 * minutes. A quiz has at most 50 questions: a member can play several whole quizzes and a class
 * behind one school address can play together, while a script reading answer keys one check at
 * a time gets a few quizzes a minute, not ten a second.
 */
export const ANSWER_CHECK_LIMITS = { perMember: 300, perAddress: 3000, windowSeconds: 600 } as const;

/**
 * One answer of a solo play, checked: whether it is right, the right answer and the explanation.
 * The quiz must be one the caller may read (404 as for reading it); the caller's member and
 * address allowances are counted first (429 once used up).
 */
export async function checkAnswer(
  quizId: string,
  input: { questionId: string; answer: AnswerLetter },
  caller: { user: Member | undefined; ipAddress: string },
): Promise<AnswerCheckResult> {
  const { perMember, perAddress, windowSeconds } = ANSWER_CHECK_LIMITS;
  const allowed =
    (await withinIpRateLimit('answer-check', caller.ipAddress, perAddress, windowSeconds)) &&
    (!caller.user || (await withinRateLimit(`answer-check#${caller.user.id}`, perMember, windowSeconds)));
  if (!allowed) throw new TooManyRequestsError(ATTEMPT_MESSAGES.checkTooFast);
  const { questions } = await viewableQuizDetail(quizId, caller.user);
  const question = questions.find((candidate) => candidate.id === input.questionId);
  if (!question) throw new NotFoundError(ATTEMPT_MESSAGES.questionNotFound);
  return {
    questionId: question.id,
    isCorrect: input.answer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}

/** The quiz when `user` is its author; 404 otherwise (another author's quiz is none of their business). */
export async function ownQuiz(quizId: string, user: UserItem): Promise<QuizItem> {
  const quiz = await getQuiz(quizId);
  if (!quiz || quiz.authorId !== user.id) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return quiz;
}

/** The quiz's place in the public list (`QUIZ#PUBLIC`, newest first), held only while it is public. */
export const publicListing = (quiz: Pick<QuizItem, 'createdAt' | 'id'>) =>
  QuizKeys.collection({ createdAt: quiz.createdAt, quizId: quiz.id });

function publicIndex(quiz: Pick<QuizItem, 'isPublished' | 'isHidden' | 'status' | 'createdAt' | 'id'>) {
  return isPubliclyVisible(quiz) ? publicListing(quiz) : undefined;
}

function questionItems(
  quizId: string,
  questions: CreateQuizData['questions'],
  previous: Question[] = [],
): QuestionItem[] {
  return questions.map((question, index) => ({
    ...questionKey(quizId, index + 1),
    quizId,
    // A question keeps its id while it stays at its position, so attempt records still point at it.
    id: previous[index]?.id ?? randomUUID(),
    questionText: question.questionText,
    optionA: question.optionA,
    optionB: question.optionB,
    optionC: question.optionC ?? null,
    optionD: question.optionD ?? null,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation ?? null,
    order: index + 1,
  }));
}

/** A quiz's category must be one of the active categories. */
async function assertCategory(name: string) {
  const categories = await listActiveCategoriesCached();
  if (!categories.some((category) => category.name === name))
    throw new BadRequestError(QUIZ_MESSAGES.unknownCategory);
}

function newQuizItems(author: UserItem, id: string, data: CreateQuizData, now: Date) {
  const timestamp = now.toISOString();
  const quiz: QuizItem = {
    ...quizKey(id),
    id,
    title: data.quiz.title,
    description: data.quiz.description,
    category: data.quiz.category,
    difficulty: data.quiz.difficulty,
    timeLimit: data.quiz.timeLimit,
    authorId: author.id,
    authorName: displayName(author),
    username: author.username,
    isPublished: data.quiz.isPublished,
    isHidden: false,
    status: 'active',
    questionCount: data.questions.length,
    reportCount: 0,
    participantCount: 0,
    totalPlayers: 0,
    ratingSum: 0,
    ratingCount: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
    cascade: 'partition',
    ...QuizKeys.owner({ userId: author.id, createdAt: timestamp }),
  };
  Object.assign(quiz, publicIndex(quiz));
  return { quiz, questions: questionItems(id, data.questions) };
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
  const { quiz, questions } = newQuizItems(author, id, data, now);
  try {
    await transactWrite([
      { name: 'quiz', Put: { Item: quiz, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...questions.map((item) => ({ Put: { Item: item } })),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('quiz')) return false;
    throw error;
  }
}

const quotaFor = (user: Pick<Member, 'isPro'>) => (user.isPro ? LIMITS.quizzesPro : LIMITS.quizzesFree);

/**
 * Creates a quiz with its questions. The author's quiz counter is raised in the same transaction
 * with `quizCount < quota`, so concurrent requests cannot exceed 3 (free) or 100 (advanced).
 */
export async function createQuiz(user: Member, data: CreateQuizData, now = new Date()): Promise<QuizItem> {
  if (!data.quiz.isPublished && !user.isPro) throw new ForbiddenError(QUIZ_MESSAGES.privateProOnly);
  await assertCategory(data.quiz.category);
  const { quiz, questions } = newQuizItems(user, randomUUID(), data, now);
  const quota = quotaFor(user);
  await transactWrite([
    {
      Update: {
        Key: userKey(user.id),
        UpdateExpression: 'SET quizCount = if_not_exists(quizCount, :zero) + :one',
        ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(quizCount) OR quizCount < :quota)`,
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':quota': quota },
        // Read back on failure, to tell "over the quota" from "account being deleted".
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (account) =>
        !account || account.deletingAt
          ? new UnauthorizedError()
          : new TooManyRequestsError(
              user.isPro ? QUIZ_MESSAGES.quotaPro : QUIZ_MESSAGES.quotaFree,
              'quiz_quota',
            ),
    },
    { Put: { Item: quiz, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...questions.map((item) => ({ Put: { Item: item } })),
    // In the same transaction: the account's condition above guards it too.
    achievementGrant(user.id, 'first_creation', now),
  ]);
  return quiz;
}

const sameQuestion = (a: Question | undefined, b: Question | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

function changedQuestions(before: Question[], after: Question[]) {
  const positions = Array.from({ length: Math.max(before.length, after.length) }, (_, index) => index).filter(
    (index) => !sameQuestion(before[index], after[index]),
  );
  return {
    before: positions.flatMap((index) => (before[index] ? [before[index]] : [])),
    after: positions.flatMap((index) => (after[index] ? [after[index]] : [])),
  };
}

type Snapshot = Pick<
  QuizItem,
  'title' | 'description' | 'category' | 'difficulty' | 'timeLimit' | 'isPublished'
>;
const snapshot = (quiz: Snapshot): Snapshot => ({
  title: quiz.title,
  description: quiz.description,
  category: quiz.category,
  difficulty: quiz.difficulty,
  timeLimit: quiz.timeLimit,
  isPublished: quiz.isPublished,
});

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
  // Keeping a quiz private is allowed (a lapsed member's quiz stays as it was); making one private needs advanced membership.
  if (!data.quiz.isPublished && before.isPublished && !user.isPro)
    throw new ForbiddenError(QUIZ_MESSAGES.privateProOnly);
  const timestamp = now.toISOString();
  const after: QuizItem = {
    ...before,
    ...data.quiz,
    questionCount: data.questions.length,
    updatedAt: timestamp,
  };
  delete after.gsi1pk;
  delete after.gsi1sk;
  const listing = publicIndex(after);
  Object.assign(after, listing);
  const listedAgain = listing && setAttributes(listing);
  const newQuestions = questionItems(quizId, data.questions, beforeQuestions);
  const removed = beforeQuestions
    .slice(newQuestions.length)
    .map((question) => questionKey(quizId, question.order));
  const edit = {
    ...EditKeys.key({ quizId, editedAt: timestamp, suffix: randomUUID().slice(0, 8) }),
    id: randomUUID(),
    quizId,
    editorId: user.id,
    editorNickname: user.nickname,
    editorUsername: user.username,
    editedAt: timestamp,
    reason: before.isHidden ? QUIZ_MESSAGES.editWhileHidden : QUIZ_MESSAGES.editByAuthor,
    whileHidden: before.isHidden,
    changes: {
      quiz: { before: snapshot(before), after: snapshot(after) },
      // Only the positions that changed, so the record stays well inside DynamoDB's 400 KB item limit.
      questions: changedQuestions(beforeQuestions, newQuestions.map(toQuestion)),
    },
  };
  await assertCategory(data.quiz.category);
  await transactWrite([
    accountGuard(user.id),
    {
      // Only the edited fields change: counters written meanwhile (reports, plays, ratings) are kept.
      Update: {
        Key: quizKey(quizId),
        UpdateExpression: `SET title = :title, description = :description, category = :category, difficulty = :difficulty, timeLimit = :timeLimit, isPublished = :isPublished, questionCount = :questionCount, updatedAt = :now${
          listedAgain ? `, ${listedAgain.expression}` : ` REMOVE ${indexAttributes(INDEX.byCollection)}`
        }`,
        // Optimistic check: nobody edited the quiz (or hid it) between our read and this write.
        ConditionExpression: 'updatedAt = :seen AND isHidden = :hidden AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':title': after.title,
          ':description': after.description,
          ':category': after.category,
          ':difficulty': after.difficulty,
          ':timeLimit': after.timeLimit,
          ':isPublished': after.isPublished,
          ':questionCount': after.questionCount,
          ':now': timestamp,
          ':seen': before.updatedAt,
          ':hidden': before.isHidden,
          ':active': 'active',
          ...listedAgain?.values,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (current) =>
        current?.status === 'active'
          ? new ConflictError(QUIZ_MESSAGES.editConflict)
          : new NotFoundError(QUIZ_MESSAGES.notFound),
    },
    ...newQuestions.map((item) => ({ Put: { Item: item } })),
    ...removed.map((key) => ({ Delete: { Key: key } })),
    { Put: { Item: edit } },
  ]);
  return after;
}

/**
 * Takes a quiz out of every list (status `deleting`: no play, favourite or report can be added to
 * it any more) and deletes everything in its partition but the quiz itself: questions,
 * favourites, plays, reports, edit history. Safe to repeat and to run in parallel.
 */
export async function deleteQuizContents(quizId: string): Promise<void> {
  await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression: `SET #status = :deleting REMOVE ${indexAttributes(INDEX.byCollection)}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':deleting': 'deleting' },
    })
    .catch(ignoreConditionFailed);
  const partition = await queryAll<ItemKey>({
    partition: QuizKeys.pk({ quizId }),
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await deleteItems(partition.filter((item) => item.sk !== QuizKeys.sk()));
}

/**
 * Deletes a quiz and all its related data (questions, favourites, reports, edit history). The quiz
 * first leaves every list (status `deleting`), then its items go, then the quiz itself with the
 * author's counter; an interrupted deletion can simply be repeated.
 */
export async function deleteQuiz(user: UserItem, quizId: string): Promise<void> {
  await ownQuiz(quizId, user);
  await deleteQuizContents(quizId);
  // Of parallel deletions, the one that removes the quiz lowers the counter; the others find nothing.
  await transactWrite([
    {
      Delete: { Key: quizKey(quizId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: () => new NotFoundError(QUIZ_MESSAGES.notFound),
    },
    {
      // A missing counter counts as 1. Never on an account being deleted: its deletion removes the quiz.
      Update: {
        Key: userKey(user.id),
        UpdateExpression: 'SET quizCount = if_not_exists(quizCount, :one) - :one',
        ConditionExpression: LIVE_ACCOUNT,
        ExpressionAttributeValues: { ':one': 1 },
      },
      onConditionFailed: () => new UnauthorizedError(),
    },
  ]);
}

/** The author's own quizzes (hidden and private included), newest first. */
export async function listOwnQuizzes(userId: string): Promise<QuizItem[]> {
  return (await queryOwned<QuizItem>(userId, QuizKeys, { newestFirst: true })).filter(
    (quiz) => quiz.status === 'active',
  );
}

/**
 * Public quizzes, newest first, optionally filtered. Reads at most `scanLimit` index entries, so
 * the cost of a page does not grow with the catalogue.
 */
export async function listPublicQuizzes(options: {
  category?: string;
  difficulty?: string;
  limit: number;
  scanLimit?: number;
  matches?: (quiz: QuizItem) => boolean;
}): Promise<QuizItem[]> {
  const found: QuizItem[] = [];
  // Few round trips: the first page is twice what is wanted, and each further page doubles.
  const firstPage = Math.max(options.limit * 2, 50);
  const pages = queryPages<QuizItem>(
    {
      index: INDEX.byCollection,
      partition: QuizKeys.collectionPk(),
      newestFirst: true,
      // Only what lists, filters and sorts use: smaller pages, fewer read units.
      ProjectionExpression: SUMMARY_FIELDS,
      ExpressionAttributeNames: { '#status': 'status' },
    },
    { maxItems: options.scanLimit ?? 500, pageSize: (page) => firstPage * 2 ** page },
  );
  for await (const items of pages) {
    for (const quiz of items) {
      if (options.category && quiz.category !== options.category) continue;
      if (options.difficulty && quiz.difficulty !== options.difficulty) continue;
      if (options.matches && !options.matches(quiz)) continue;
      found.push(quiz);
      if (found.length >= options.limit) return found;
    }
  }
  return found;
}
