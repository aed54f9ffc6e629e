import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  studyQuestionSchema,
  type SavedQuestionSet,
  type saveQuestionSetSchema,
  type StudyQuestion,
  type StudyRun,
  type updateSetQuestionSchema,
} from '@shared/focused-study';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { MESSAGES } from '@shared/messages';
import { accountGuard } from '../users/user-store';
import { UserKeys } from '../users/user-keys';
import { counterItem } from './settings-store';
import { SavedSetKeys } from './study-keys';

/**
 * Saved question sets (§3, §7): at most 50 a member (a conditional counter in the transaction of
 * the save), replayed as `saved_` runs that the page holds itself. The list answers with every
 * set's questions, so a set's questions are bounded in bytes as well as in number.
 */
type SetItem = Omit<SavedQuestionSet, 'lastPlayedAt'> & { lastPlayedAt?: string | null };

const setKey = (userId: string, setId: string) => SavedSetKeys.key({ userId, setId });
const notFound = () => new NotFoundError(FOCUSED_STUDY_MESSAGES.setNotFound);

const toSet = (item: SetItem): SavedQuestionSet => ({
  id: item.id,
  title: item.title,
  description: item.description,
  difficulty: item.difficulty,
  questionCount: item.questionCount,
  isFavorite: item.isFavorite,
  playCount: item.playCount,
  estimatedTime: item.estimatedTime,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  lastPlayedAt: item.lastPlayedAt ?? null,
  questions: item.questions,
});

/** Minutes a set takes: a minute a question, a minute and a half for one to select or sort. */
const estimatedMinutes = (questions: readonly StudyQuestion[]) =>
  Math.max(
    1,
    Math.ceil(questions.reduce((sum, question) => sum + (question.type === 'multiple_choice' ? 1 : 1.5), 0)),
  );

function checkSize(questions: readonly StudyQuestion[]) {
  if (Buffer.byteLength(JSON.stringify(questions)) > FOCUSED_STUDY.savedSetMaxBytes)
    throw new BadRequestError(FOCUSED_STUDY_MESSAGES.setTooLarge);
}

/** `GET /api/focused-study/saved-question-sets`: the member's sets, newest first. */
export async function listSavedSets(userId: string): Promise<SavedQuestionSet[]> {
  const items = await queryAll<SetItem>({
    partition: UserKeys.pk({ userId }),
    beginsWith: SavedSetKeys.skPrefix(),
  });
  return items.map(toSet).sort((x, y) => y.createdAt.localeCompare(x.createdAt));
}

/** `POST /api/focused-study/save-question-set`: refused with the spec's message at 50 sets. */
export async function saveQuestionSet(
  userId: string,
  input: z.output<typeof saveQuestionSetSchema>,
  now = new Date(),
): Promise<SavedQuestionSet> {
  checkSize(input.questions);
  const id = randomUUID();
  const at = now.toISOString();
  const item: SetItem = {
    id,
    title: input.title,
    description: input.description,
    difficulty: input.difficulty,
    questions: input.questions,
    questionCount: input.questions.length,
    estimatedTime: estimatedMinutes(input.questions),
    isFavorite: false,
    playCount: 0,
    lastPlayedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  await transactWrite([
    accountGuard(userId),
    counterItem(userId, 'savedSetCount', 1, {
      max: FOCUSED_STUDY.savedSetsMax,
      message: FOCUSED_STUDY_MESSAGES.savedSetLimit,
    }),
    {
      Put: {
        Item: { ...setKey(userId, id), ...item, ...SavedSetKeys.owner({ userId, setId: id }) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return toSet(item);
}

/** An update of one of the member's sets, answering the set as it now is; 404 when there is none. */
async function updateSet(
  userId: string,
  setId: string,
  update: { expression: string; values: Record<string, unknown>; condition?: string },
): Promise<SavedQuestionSet> {
  try {
    const { Attributes } = await db.update({
      Key: setKey(userId, setId),
      UpdateExpression: update.expression,
      ConditionExpression: ['attribute_exists(pk)', update.condition].filter(Boolean).join(' AND '),
      ExpressionAttributeValues: update.values,
      ReturnValues: 'ALL_NEW',
    });
    return toSet(Attributes as SetItem);
  } catch (error) {
    if (isConditionFailed(error)) {
      if (!update.condition) throw notFound();
      const { Item } = await db.get({ Key: setKey(userId, setId), ConsistentRead: true });
      throw Item ? new ConflictError(MESSAGES.busy) : notFound();
    }
    throw error;
  }
}

/** `PUT /api/focused-study/saved-question-sets/{setId}`: title and description. */
export const updateQuestionSet = (
  userId: string,
  setId: string,
  input: { title: string; description: string },
  now = new Date(),
) =>
  updateSet(userId, setId, {
    expression: 'SET title = :title, description = :description, updatedAt = :now',
    values: { ':title': input.title, ':description': input.description, ':now': now.toISOString() },
  });

/** `DELETE /api/focused-study/saved-question-sets/{setId}`. */
export async function deleteQuestionSet(userId: string, setId: string): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    {
      Delete: { Key: setKey(userId, setId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: notFound,
    },
    counterItem(userId, 'savedSetCount', -1),
  ]);
}

/**
 * `PUT …/{setId}/favorite`: sets the mark when `isFavorite` is given, else turns it over (on the
 * condition that it is still what was read, so two presses at once cannot undo each other unseen).
 */
export async function setFavorite(userId: string, setId: string, isFavorite?: boolean) {
  if (isFavorite !== undefined)
    return updateSet(userId, setId, {
      expression: 'SET isFavorite = :favorite',
      values: { ':favorite': isFavorite },
    });
  const { Item } = await db.get({
    Key: setKey(userId, setId),
    ConsistentRead: true,
    ProjectionExpression: 'isFavorite',
  });
  if (!Item) throw notFound();
  const current = Item.isFavorite === true;
  return updateSet(userId, setId, {
    expression: 'SET isFavorite = :favorite',
    condition: 'isFavorite = :current',
    values: { ':favorite': !current, ':current': current },
  });
}

/**
 * `POST /api/focused-study/start-saved-session/{setId}`: counts the play (playCount,
 * lastPlayedAt) and answers a `saved_` run of the set's questions, which the page holds.
 */
export async function startSavedRun(userId: string, setId: string, now = new Date()): Promise<StudyRun> {
  const set = await updateSet(userId, setId, {
    expression: 'ADD playCount :one SET lastPlayedAt = :now',
    values: { ':one': 1, ':now': now.toISOString() },
  });
  return {
    id: `saved_${setId}_${randomUUID().slice(0, 8)}`,
    questions: set.questions,
    currentQuestionIndex: 0,
    startedAt: now.toISOString(),
  };
}

/**
 * `PUT …/{setId}/questions/{questionId}`: a question's text, options (the same keys: the answer
 * refers to them) and explanation. Written on the condition that the question is still at the
 * place it was read.
 */
export async function updateSetQuestion(
  userId: string,
  ids: { setId: string; questionId: string },
  input: z.output<typeof updateSetQuestionSchema>,
  now = new Date(),
): Promise<StudyQuestion> {
  const { Item } = await db.get({ Key: setKey(userId, ids.setId), ConsistentRead: true });
  const set = Item as SetItem | undefined;
  if (!set) throw notFound();
  const index = set.questions.findIndex((question) => question.id === ids.questionId);
  const current = set.questions[index];
  if (!current) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.questionNotFound);
  const sameKeys = Object.keys(input.options).sort().join() === Object.keys(current.options).sort().join();
  if (!sameKeys) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.optionKeysChanged);
  const checked = studyQuestionSchema.safeParse({ ...current, ...input });
  if (!checked.success)
    throw new ValidationError(
      checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  const question = checked.data;
  checkSize(set.questions.map((entry, at) => (at === index ? question : entry)));
  await updateSet(userId, ids.setId, {
    expression: `SET questions[${index}] = :question, updatedAt = :now`,
    condition: `questions[${index}].id = :questionId`,
    values: { ':question': question, ':now': now.toISOString(), ':questionId': ids.questionId },
  });
  return question;
}
