import { randomUUID } from 'node:crypto';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { Question } from '@shared/quiz-schemas';
import { batchGetAll, deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { ConditionsFailed, isConditionFailed, TransactionBusy } from '../data/errors';
import { indexAttributes, setAttributes } from '../data/keys';
import { queryOwned } from '../data/owned';
import { queryAll, queryPages } from '../data/paginate';
import { INDEX } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { eachBounded } from '../lib/each-bounded';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { changeTaggedQuiz } from '../tags/tag-store';
import { accountGuard, LIVE_ACCOUNT } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { isPubliclyVisible, type EditRecord, type Quiz } from './quiz-policy';
import { EditKeys, questionKey, QuestionKeys, QuizKeys, quizKey } from './quiz-keys';

/**
 * Quizzes in the table. A quiz is one partition, `QUIZ#<id>` (quiz-keys.ts): `META` (the quiz,
 * with its aggregates), `QUESTION#<order>` (questions), `FAVORITE#<userId>`, `REPORT#<userId>`,
 * `ATTEMPT#…`, `PLAYER#…`, `PROGRESS#…` and `EDIT#<time>` items, so deleting the partition deletes
 * all of it. META is owned by the author (`gsi2pk = USER#<id>`, `cascade = partition`) so deleting
 * the account deletes the quiz. Visible public quizzes are in the sparse `byCollection` index
 * under `QUIZ#PUBLIC`, newest first.
 */

export interface QuizItem extends Quiz {
  pk: string;
  sk: 'META';
  cascade: 'partition';
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk: string;
  gsi2sk: string;
  /**
   * When an edit last took a question out (its id is gone): a mistake recorded before it may name
   * a question no longer asked. Absent until the first edit; an edit that takes none out keeps it,
   * and stamps a quiz edited before it was kept with that earlier edit's time.
   */
  questionsRemovedAt?: string;
}

interface QuestionItem extends Question {
  pk: string;
  sk: string;
  quizId: string;
}

/** The attributes `toSummary`, the filters and the sorts read. */
export const SUMMARY_FIELDS =
  'id, title, description, category, difficulty, timeLimit, questionCount, participantCount, totalPlayers, ratingSum, ratingCount, authorId, authorName, isPublished, isHidden, #status, reportCount, tagIds, createdAt, updatedAt';

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
  image: item.image ?? null,
});

const questionItems = (quizId: string, questions: readonly Question[]): QuestionItem[] =>
  questions.map((question) => ({ ...questionKey(quizId, question.order), quizId, ...question }));

export async function getQuiz(quizId: string): Promise<QuizItem | undefined> {
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

/** Which of `quizIds` name a quiz that exists (a batch read of their ids only). */
export async function existingQuizIds(quizIds: readonly string[]): Promise<Set<string>> {
  const found = await batchGetAll<Pick<QuizItem, 'id'>>([...new Set(quizIds)].map(quizKey), {
    projection: 'id',
  });
  return new Set(found.map((quiz) => quiz.id));
}

/**
 * The quiz and its questions: a GetItem of META and a Query of the `QUESTION#` items of its
 * partition, in parallel (other items of the partition, such as favourites, players or reports,
 * are not read).
 */
export async function getQuizDetail(
  quizId: string,
  options: { consistent?: boolean } = {},
): Promise<{ quiz: QuizItem; questions: Question[] } | undefined> {
  const consistent = options.consistent ? { ConsistentRead: true } : {};
  const [meta, stored] = await Promise.all([
    db.get({ Key: quizKey(quizId), ...consistent }),
    queryAll<QuestionItem>({
      partition: QuizKeys.pk({ quizId }),
      beginsWith: QuestionKeys.skPrefix(),
      ...consistent,
    }),
  ]);
  const quiz = meta.Item as QuizItem | undefined;
  if (!quiz) return undefined;
  const questions = stored.map(toQuestion);
  return { quiz, questions: questions.sort((a, b) => a.order - b.order) };
}

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

/** The quiz's place in the public list (`QUIZ#PUBLIC`, newest first), held only while it is public. */
export const publicListing = (quiz: Pick<Quiz, 'createdAt' | 'id'>) =>
  QuizKeys.collection({ createdAt: quiz.createdAt, quizId: quiz.id });

function publicIndex(quiz: Pick<Quiz, 'isPublished' | 'isHidden' | 'status' | 'createdAt' | 'id'>) {
  return isPubliclyVisible(quiz) ? publicListing(quiz) : undefined;
}

/** The quiz as stored: its keys, its owner (the author) and its public listing while public. */
function quizItem(quiz: Quiz): QuizItem {
  return {
    ...quizKey(quiz.id),
    ...quiz,
    cascade: 'partition',
    ...QuizKeys.owner({ userId: quiz.authorId, createdAt: quiz.createdAt }),
    ...publicIndex(quiz),
  };
}

const newQuizWrites = (quiz: QuizItem, questions: readonly Question[]): NamedItem[] => [
  { name: 'quiz', Put: { Item: quiz, ConditionExpression: 'attribute_not_exists(pk)' } },
  ...questionItems(quiz.id, questions).map((item) => ({ Put: { Item: item } })),
];

/** Writes a quiz under its id when none is there yet (seeding; outside any quota). Answers whether it wrote. */
export async function insertQuizOnce(
  quiz: Quiz,
  questions: readonly Question[],
  extra: readonly NamedItem[] = [],
): Promise<boolean> {
  try {
    await transactWrite([...newQuizWrites(quizItem(quiz), questions), ...extra]);
    return true;
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('quiz')) return false;
    throw error;
  }
}

/**
 * Writes a new quiz with its questions, raising the author's quiz counter in the same
 * transaction with `quizCount < quota`, so concurrent requests cannot exceed the quota; an
 * account being deleted answers 401, one at its quota `overQuota()`. `extra` items go in the
 * same transaction (the account's condition guards them too).
 */
export async function insertQuiz(
  quiz: Quiz,
  questions: readonly Question[],
  quota: { limit: number; overQuota: () => Error },
  extra: readonly NamedItem[] = [],
): Promise<QuizItem> {
  const item = quizItem(quiz);
  await transactWrite([
    {
      Update: {
        Key: userKey(quiz.authorId),
        UpdateExpression: 'SET quizCount = if_not_exists(quizCount, :zero) + :one',
        ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(quizCount) OR quizCount < :quota)`,
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':quota': quota.limit },
        // Read back on failure, to tell "over the quota" from "account being deleted".
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (account) =>
        !account || account.deletingAt ? new UnauthorizedError() : quota.overQuota(),
    },
    ...newQuizWrites(item, questions),
    ...extra,
  ]);
  return item;
}

/**
 * Writes an author's edit: only the edited fields of META (counters written meanwhile, such as
 * reports, plays and ratings, are kept), the questions as they now are, the ones past the new
 * end removed, and the edit's record, in one transaction. An optimistic check makes sure nobody
 * edited the quiz (or hid it) since `before` was read: 409 if they did, 404 if it is being deleted.
 */
export async function writeQuizEdit(
  before: QuizItem,
  edited: Quiz,
  questions: { before: readonly Question[]; after: readonly Question[] },
  edit: EditRecord,
  extra: readonly NamedItem[] = [],
): Promise<QuizItem> {
  const quizId = before.id;
  const { gsi1pk: _pk, gsi1sk: _sk, ...unlisted }: QuizItem = { ...before, ...edited };
  const listing = publicIndex(unlisted);
  const after: QuizItem = { ...unlisted, ...listing };
  const listedAgain = listing && setAttributes(listing);
  const removed = questions.before
    .slice(questions.after.length)
    .map((question) => questionKey(quizId, question.order));
  const kept = new Set(questions.after.map((question) => question.id));
  const questionGone = questions.before.some((question) => !kept.has(question.id));
  await transactWrite([
    accountGuard(edit.editorId),
    {
      Update: {
        Key: quizKey(quizId),
        UpdateExpression: `SET title = :title, description = :description, category = :category, difficulty = :difficulty, timeLimit = :timeLimit, isPublished = :isPublished, questionCount = :questionCount, tagIds = :tagIds, updatedAt = :now, questionsRemovedAt = ${
          questionGone ? ':now' : 'if_not_exists(questionsRemovedAt, :seen)'
        }${listedAgain ? `, ${listedAgain.expression}` : ` REMOVE ${indexAttributes(INDEX.byCollection)}`}`,
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
          ':tagIds': after.tagIds ?? [],
          ':now': after.updatedAt,
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
    ...questionItems(quizId, questions.after).map((item) => ({ Put: { Item: item } })),
    ...removed.map((key) => ({ Delete: { Key: key } })),
    {
      Put: {
        Item: {
          ...EditKeys.key({ quizId, editedAt: edit.editedAt, suffix: randomUUID().slice(0, 8) }),
          ...edit,
        },
      },
    },
    ...extra,
  ]);
  return after;
}

/**
 * Takes a quiz out of every list (status `deleting`: no play, favourite or report can be added to
 * it any more) and deletes everything in its partition but the quiz itself: questions,
 * favourites, plays, reports, edit history. Safe to repeat and to run in parallel.
 */
export async function deleteQuizContents(quizId: string): Promise<void> {
  // With its tag links and the tags' counts in the same write: a quiz being deleted has no tags
  // (a merge waits for the count of a tag's links to reach none).
  await changeTaggedQuiz(quizId, (quiz) =>
    quiz.status === 'active'
      ? {
          set: ['#status = :deleting'],
          remove: [indexAttributes(INDEX.byCollection)],
          values: { ':deleting': 'deleting' },
          after: { tagIds: [], counted: false },
        }
      : quiz.tagIds?.length
        ? { after: { tagIds: [], counted: false } }
        : undefined,
  );
  const partition = await queryAll<ItemKey>({
    partition: QuizKeys.pk({ quizId }),
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await deleteItems(partition.filter((item) => item.sk !== QuizKeys.sk()));
}

/**
 * Deletes the quiz itself with its author's counter. Of parallel deletions, the one that removes
 * the quiz lowers the counter; the others find nothing (404).
 */
export async function removeQuiz(quizId: string, authorId: string): Promise<void> {
  await removeQuizOnce(quizId, authorId).catch(async (error: unknown) => {
    // Still conflicting after the retries: when another deletion has removed the quiz meanwhile,
    // this one found nothing (404), as when its condition fails; otherwise the caller tries again.
    if (!(error instanceof TransactionBusy)) throw error;
    const { Item } = await db.get({ Key: quizKey(quizId), ConsistentRead: true, ProjectionExpression: 'pk' });
    throw Item ? error : new NotFoundError(QUIZ_MESSAGES.notFound);
  });
}

async function removeQuizOnce(quizId: string, authorId: string): Promise<void> {
  await transactWrite([
    {
      Delete: { Key: quizKey(quizId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: () => new NotFoundError(QUIZ_MESSAGES.notFound),
    },
    {
      // A missing counter counts as 1. Never on an account being deleted: its deletion removes the quiz.
      Update: {
        Key: userKey(authorId),
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
 * Writes `name` as the author's name on each of their quizzes (a nickname changed), a few at a time;
 * a quiz deleted meanwhile is skipped. Only the name is written: no counter, edit or date moves.
 */
export async function setAuthorName(userId: string, name: string): Promise<void> {
  const quizzes = (await listOwnQuizzes(userId)).filter((quiz) => quiz.authorName !== name);
  await eachBounded(quizzes, 10, async (quiz) => {
    try {
      await db.update({
        Key: quizKey(quiz.id),
        UpdateExpression: 'SET authorName = :name',
        ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
        ExpressionAttributeValues: { ':name': name, ':author': userId },
      });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  });
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
