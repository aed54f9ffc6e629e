import { FOCUSED_STUDY, type StudySettings } from '@shared/focused-study';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { transactWrite, type NamedItem } from '../data/transact';
import { TooManyRequestsError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { StudySettingsKeys } from './study-keys';

/**
 * A member's focused-study settings item (one per member, `FSSETTINGS`): the settings of docs/spec/multiplayer-membership-study.md §3, and
 * beside them the counters that hold the material and saved-set quotas, the pointer to the
 * latest completed study run and the member's one place for an unfinished run (run-store.ts).
 * The item is created by whichever write comes first. Its attributes keep the names they were
 * stored with (`latestSessionId`, `openSession…`); the domain reads them as a `RunPlace`.
 */
interface StudySettingsItem extends Partial<StudySettings> {
  materialCount?: number;
  savedSetCount?: number;
  latestSessionId?: string;
  openSessionId?: string;
  openSessionClaimedAt?: string;
  openSessionPending?: boolean;
}

/** The member's study-run pointers on the settings item. */
interface RunPlace {
  /** The latest completed run. */
  latestRunId?: string;
  /** The unfinished run, or the one a start is generating (`openRunPending`). */
  openRunId?: string;
  openRunClaimedAt?: string;
  openRunPending?: boolean;
}

export const settingsKey = (userId: string) => StudySettingsKeys.key({ userId });

/** The stored settings and run pointers; both empty for a member who never saved any. */
export async function readSettingsItem(
  userId: string,
  consistent = false,
): Promise<{ stored: Partial<StudySettings>; place: RunPlace }> {
  const { Item } = await db.get({ Key: settingsKey(userId), ConsistentRead: consistent });
  const item = (Item ?? {}) as StudySettingsItem;
  return {
    stored: item,
    place: {
      latestRunId: item.latestSessionId,
      openRunId: item.openSessionId,
      openRunClaimedAt: item.openSessionClaimedAt,
      openRunPending: item.openSessionPending,
    },
  };
}

/** Sets the given settings (the first write creates the item, with the default category). */
export async function writeSettings(userId: string, given: readonly [string, unknown][]) {
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
