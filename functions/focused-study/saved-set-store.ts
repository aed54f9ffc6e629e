import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  type SavedQuestionSet,
  type StudyQuestion,
} from '@shared/focused-study';
import { MESSAGES } from '@shared/messages';
import { db } from '../data/db';
import { isConditionFailed } from '../data/errors';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { ConflictError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { UserKeys } from '../users/user-keys';
import { setNotFound, toSet, type SetRecord } from './saved-set-policy';
import { counterItem } from './settings-store';
import { SavedSetKeys } from './study-keys';

/**
 * Saved question sets in the table: one item per set under the member (`FSSET#`), counted on the
 * settings item (`savedSetCount`, at most 50, in the transaction of the save). An update answers
 * the set as it now is; one that finds no set is "not found".
 */

const setKey = (userId: string, setId: string) => SavedSetKeys.key({ userId, setId });

/** The member's sets, in no particular order. */
export const readSets = (userId: string) =>
  queryAll<SetRecord>({ partition: UserKeys.pk({ userId }), beginsWith: SavedSetKeys.skPrefix() });

/** One set, read consistently (its state is the condition of the write that follows). */
export async function readSet(userId: string, setId: string): Promise<SetRecord | undefined> {
  const { Item } = await db.get({ Key: setKey(userId, setId), ConsistentRead: true });
  return Item as SetRecord | undefined;
}

/** Whether the set is a favourite as it stands, or undefined when there is no such set. */
export async function readFavorite(userId: string, setId: string): Promise<boolean | undefined> {
  const { Item } = await db.get({
    Key: setKey(userId, setId),
    ConsistentRead: true,
    ProjectionExpression: 'isFavorite',
  });
  return Item ? Item.isFavorite === true : undefined;
}

/** Writes a new set within the member's quota (refused with the spec's message at 50). */
export async function writeNewSet(userId: string, set: SetRecord) {
  await transactWrite([
    accountGuard(userId),
    counterItem(userId, 'savedSetCount', 1, {
      max: FOCUSED_STUDY.savedSetsMax,
      message: FOCUSED_STUDY_MESSAGES.savedSetLimit,
    }),
    {
      Put: {
        Item: { ...setKey(userId, set.id), ...set, ...SavedSetKeys.owner({ userId, setId: set.id }) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/**
 * An update of one of the member's sets, answering the set as it now is: 404 when there is none,
 * 409 (busy) when the set is there but `condition` no longer holds.
 */
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
    return toSet(Attributes as SetRecord);
  } catch (error) {
    if (isConditionFailed(error)) {
      if (!update.condition) throw setNotFound();
      const { Item } = await db.get({ Key: setKey(userId, setId), ConsistentRead: true });
      throw Item ? new ConflictError(MESSAGES.busy) : setNotFound();
    }
    throw error;
  }
}

/** The set's title and description. */
export const writeSetText = (
  userId: string,
  setId: string,
  text: { title: string; description: string },
  now: Date,
) =>
  updateSet(userId, setId, {
    expression: 'SET title = :title, description = :description, updatedAt = :now',
    values: { ':title': text.title, ':description': text.description, ':now': now.toISOString() },
  });

/** The favourite mark; with `current`, only while it is still what was read. */
export const writeFavorite = (userId: string, setId: string, isFavorite: boolean, current?: boolean) =>
  updateSet(
    userId,
    setId,
    current === undefined
      ? { expression: 'SET isFavorite = :favorite', values: { ':favorite': isFavorite } }
      : {
          expression: 'SET isFavorite = :favorite',
          condition: 'isFavorite = :current',
          values: { ':favorite': isFavorite, ':current': current },
        },
  );

/** Counts a play of the set (playCount, lastPlayedAt). */
export const countPlay = (userId: string, setId: string, now: Date) =>
  updateSet(userId, setId, {
    expression: 'ADD playCount :one SET lastPlayedAt = :now',
    values: { ':one': 1, ':now': now.toISOString() },
  });

/** A question of the set, on the condition that the question is still at the place it was read. */
export const writeSetQuestion = (
  userId: string,
  setId: string,
  edit: { questionId: string; index: number; question: StudyQuestion },
  now: Date,
) =>
  updateSet(userId, setId, {
    expression: `SET questions[${edit.index}] = :question, updatedAt = :now`,
    condition: `questions[${edit.index}].id = :questionId`,
    values: { ':question': edit.question, ':now': now.toISOString(), ':questionId': edit.questionId },
  });

/** Deletes the set and gives its place in the quota back; 404 when there is none. */
export async function deleteSetItem(userId: string, setId: string) {
  await transactWrite([
    accountGuard(userId),
    {
      Delete: { Key: setKey(userId, setId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: setNotFound,
    },
    counterItem(userId, 'savedSetCount', -1),
  ]);
}
