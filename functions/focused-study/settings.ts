import type { StudySettings, updateStudySettingsSchema } from '@shared/focused-study';
import type * as z from 'zod';
import { givenChanges, settingsOf } from './settings-policy';
import { readSettingsItem, writeSettings } from './settings-store';

/**
 * A member's focused-study settings (docs/spec/multiplayer-membership-study.md §3) with their study-run pointers: the defaults and which
 * fields change in settings-policy.ts, the item in settings-store.ts.
 */

/** The settings as they stand (a member who never saved any gets the page's defaults, docs/spec/multiplayer-membership-study.md §9) and the run pointers. */
export async function getStudySettings(userId: string, consistent = false) {
  const { stored, place } = await readSettingsItem(userId, consistent);
  return { settings: settingsOf(stored), place };
}

/** `PUT /api/focused-study/settings`: only the fields given change. */
export async function updateStudySettings(
  userId: string,
  changes: z.output<typeof updateStudySettingsSchema>,
): Promise<StudySettings> {
  const given = givenChanges(changes);
  if (given.length) await writeSettings(userId, given);
  return (await getStudySettings(userId, true)).settings;
}
