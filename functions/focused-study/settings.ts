import { FOCUSED_STUDY, type StudySettings, type updateStudySettingsSchema } from '@shared/focused-study';
import type * as z from 'zod';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { transactWrite, type NamedItem } from '../data/transact';
import { TooManyRequestsError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { StudySettingsKeys } from './study-keys';

/**
 * A member's focused-study settings item (one per member, `FSSETTINGS`): the settings of §3, and
 * beside them the counters that hold the material and saved-set quotas, the pointer to the
 * latest completed session and the member's one place for an unfinished session (session.ts).
 * The item is created by whichever write comes first.
 */
export interface StudySettingsItem extends Partial<StudySettings> {
  materialCount?: number;
  savedSetCount?: number;
  latestSessionId?: string;
  /** The unfinished session, or the one a start is generating (`openSessionPending`). */
  openSessionId?: string;
  openSessionClaimedAt?: string;
  openSessionPending?: boolean;
}

export const settingsKey = (userId: string) => StudySettingsKeys.key({ userId });

/** The settings as they stand; a member who never saved any gets the page's defaults (§9). */
export async function getStudySettings(userId: string, consistent = false) {
  const { Item } = await db.get({ Key: settingsKey(userId), ConsistentRead: consistent });
  const stored = (Item ?? {}) as StudySettingsItem;
  const settings: StudySettings = {
    dailyQuestionCount: stored.dailyQuestionCount ?? FOCUSED_STUDY.defaultQuestionCount,
    difficulty: stored.difficulty ?? FOCUSED_STUDY.defaultDifficulty,
    questionTypes: stored.questionTypes?.length
      ? stored.questionTypes
      : [...FOCUSED_STUDY.defaultQuestionTypes],
  };
  return { settings, item: stored };
}

/** `PUT /api/focused-study/settings`: only the fields given change. */
export async function updateStudySettings(
  userId: string,
  changes: z.output<typeof updateStudySettingsSchema>,
): Promise<StudySettings> {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (given.length) {
    const owner = setAttributes(StudySettingsKeys.owner({ userId }));
    await transactWrite([
      accountGuard(userId),
      {
        Update: {
          Key: settingsKey(userId),
          UpdateExpression: `SET ${given.map(([name]) => `${name} = :${name}`).join(', ')}, categories = if_not_exists(categories, :category), ${owner.expression}`,
          ExpressionAttributeValues: {
            ...Object.fromEntries(given.map(([name, value]) => [`:${name}`, value])),
            ':category': FOCUSED_STUDY.defaultCategory,
            ...owner.values,
          },
        },
      },
    ]);
  }
  return (await getStudySettings(userId, true)).settings;
}

type Counter = 'materialCount' | 'savedSetCount';

/**
 * A change of a quota counter, as a transaction item: `ADD` within the limit (a conditional
 * counter, so parallel requests can never go over), refused with the quota's message.
 */
export function counterItem(
  userId: string,
  counter: Counter,
  change: number,
  quota?: { max: number; message: string },
): NamedItem {
  const owner = setAttributes(StudySettingsKeys.owner({ userId }));
  return {
    name: counter,
    Update: {
      Key: settingsKey(userId),
      UpdateExpression: `ADD ${counter} :change SET ${owner.expression}`,
      ...(quota ? { ConditionExpression: `attribute_not_exists(${counter}) OR ${counter} <= :room` } : {}),
      ExpressionAttributeValues: {
        ':change': change,
        ...(quota ? { ':room': quota.max - change } : {}),
        ...owner.values,
      },
    },
    ...(quota ? { onConditionFailed: () => new TooManyRequestsError(quota.message) } : {}),
  };
}
