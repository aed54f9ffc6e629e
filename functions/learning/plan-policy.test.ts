import { describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@shared/learning';
import { editedPlan, newPlan, planChanges, toStudyPlan } from './plan-policy';

/** Study plans' rules (docs/decisions.md "Issue 29"). */
const now = new Date('2026-04-15T01:00:00Z');
const input = {
  title: '計画',
  description: '',
  targetCategory: null,
  dailyGoal: 5,
  weeklyGoal: 35,
  targetExamDate: null,
  endDate: null,
};

describe('study plans', () => {
  it('starts today unless told, and refuses an end before the start or an exam in the past', () => {
    expect(newPlan('id', input, '2026-04-15', now)).toMatchObject({ startDate: '2026-04-15', endDate: null });
    expect(() =>
      newPlan('id', { ...input, startDate: '2026-04-20', endDate: '2026-04-19' }, '2026-04-15', now),
    ).toThrow(LEARNING_MESSAGES.planDates);
    expect(() => newPlan('id', { ...input, targetExamDate: '2026-04-14' }, '2026-04-15', now)).toThrow(
      LEARNING_MESSAGES.examInPast,
    );
  });

  it('merges an edit (writing only the fields sent), keeps an exam date already past unless it changes, and reads isActive from the active id', () => {
    const plan = { ...newPlan('id', { ...input, targetExamDate: '2026-04-20' }, '2026-04-15', now) };
    const later = '2026-05-01';
    expect(editedPlan(plan, { dailyGoal: 9 }, later, now)).toMatchObject({
      dailyGoal: 9,
      targetExamDate: '2026-04-20',
    });
    expect(() => editedPlan(plan, { targetExamDate: '2026-04-30' }, later, now)).toThrow(
      LEARNING_MESSAGES.examInPast,
    );
    expect(() => editedPlan(plan, { endDate: '2026-04-01' }, later, now)).toThrow(
      LEARNING_MESSAGES.planDates,
    );
    expect(planChanges(plan, { dailyGoal: 9, isActive: true, title: undefined }, later, now)).toEqual({
      dailyGoal: 9,
      updatedAt: now.toISOString(),
    });
    expect(() => planChanges(plan, { endDate: '2026-04-01' }, later, now)).toThrow(
      LEARNING_MESSAGES.planDates,
    );
    expect(toStudyPlan(plan, 'id', [], '2026-04-15')).toMatchObject({ isActive: true, progress: 0 });
    expect(toStudyPlan(plan, null, [], '2026-04-15').isActive).toBe(false);
  });
});
