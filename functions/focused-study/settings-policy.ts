import { FOCUSED_STUDY, type StudySettings } from '@shared/focused-study';

/**
 * The settings of docs/spec/multiplayer-membership-study.md §3 as the page gets them: what the member saved, each missing field the page's
 * default (docs/spec/multiplayer-membership-study.md §9), so a member who never saved any gets the defaults.
 */
export function settingsOf(stored: Partial<StudySettings>): StudySettings {
  return {
    dailyQuestionCount: stored.dailyQuestionCount ?? FOCUSED_STUDY.defaultQuestionCount,
    difficulty: stored.difficulty ?? FOCUSED_STUDY.defaultDifficulty,
    questionTypes: stored.questionTypes?.length
      ? stored.questionTypes
      : [...FOCUSED_STUDY.defaultQuestionTypes],
  };
}

/** The fields a `PUT /api/focused-study/settings` changes: only those given. */
export const givenChanges = (changes: Partial<StudySettings>) =>
  Object.entries(changes).filter(([, value]) => value !== undefined) as [keyof StudySettings, unknown][];
