import { describe, expect, it } from 'vitest';
import { FOCUSED_STUDY, type StudySettings } from '@shared/focused-study';
import { givenChanges, settingsOf } from './settings-policy';

describe('focused-study settings', () => {
  it('gives a member who never saved any the page’s defaults (docs/spec/multiplayer-membership-study.md §9)', () => {
    expect(settingsOf({})).toEqual({
      dailyQuestionCount: FOCUSED_STUDY.defaultQuestionCount,
      difficulty: FOCUSED_STUDY.defaultDifficulty,
      questionTypes: [...FOCUSED_STUDY.defaultQuestionTypes],
    });
  });

  it('keeps what was saved, and the default types when none is left', () => {
    const saved: StudySettings = {
      dailyQuestionCount: 20,
      difficulty: '上級',
      questionTypes: ['sort_order'],
    };
    expect(settingsOf(saved)).toEqual(saved);
    expect(settingsOf({ questionTypes: [] }).questionTypes).toEqual([...FOCUSED_STUDY.defaultQuestionTypes]);
  });

  it('changes only the fields given', () => {
    expect(givenChanges({ dailyQuestionCount: 5, difficulty: undefined })).toEqual([
      ['dailyQuestionCount', 5],
    ]);
    expect(givenChanges({})).toEqual([]);
  });
});
