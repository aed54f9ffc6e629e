import { LEARNING_MESSAGES } from '@shared/learning-constants';
import type { CreatePlanInput, StudyPlan, UpdatePlanInput } from '@shared/learning';
import { BadRequestError } from '../lib/errors';
import { planProgress, type Day } from './dashboard-policy';

/**
 * Study plans' rules: a new plan from the form (start today unless given), an edit merged into
 * the plan, the dates checked against each other and today (Japan), and the plan as the member
 * reads it with its progress.
 */

/** A plan as stored (which plan is active is kept apart, plan-store.ts). */
export interface PlanRecord {
  id: string;
  title: string;
  description: string;
  targetCategory: string | null;
  dailyGoal: number;
  weeklyGoal: number;
  targetExamDate: string | null;
  startDate: string;
  endDate: string | null;
  createdAt: string;
  updatedAt: string;
}

type PlanFields = Omit<PlanRecord, 'id' | 'createdAt' | 'updatedAt'>;

/** The dates of a plan as they will stand: the end not before the start, the exam not in the past. */
export function assertPlanDates(plan: PlanFields, today: string, examChanged: boolean) {
  if (plan.endDate !== null && plan.endDate < plan.startDate)
    throw new BadRequestError(LEARNING_MESSAGES.planDates);
  if (examChanged && plan.targetExamDate !== null && plan.targetExamDate < today)
    throw new BadRequestError(LEARNING_MESSAGES.examInPast);
}

/** `POST /api/study-plans`: the plan from the checked form (defaults filled by the schema). */
export function newPlan(
  id: string,
  input: Required<Omit<CreatePlanInput, 'startDate'>> & { startDate?: string | undefined },
  today: string,
  now: Date,
): PlanRecord {
  const fields: PlanFields = {
    title: input.title,
    description: input.description,
    targetCategory: input.targetCategory,
    dailyGoal: input.dailyGoal,
    weeklyGoal: input.weeklyGoal,
    targetExamDate: input.targetExamDate,
    startDate: input.startDate ?? today,
    endDate: input.endDate,
  };
  assertPlanDates(fields, today, true);
  return { id, ...fields, createdAt: now.toISOString(), updatedAt: now.toISOString() };
}

/** `PUT /api/study-plans/{id}`: the fields sent replace the plan's (an exam date already past may stay). */
export function editedPlan(plan: PlanRecord, input: UpdatePlanInput, today: string, now: Date): PlanRecord {
  const { isActive: _active, ...changes } = input;
  const edited: PlanRecord = {
    ...plan,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    updatedAt: now.toISOString(),
  };
  assertPlanDates(
    edited,
    today,
    changes.targetExamDate !== undefined && changes.targetExamDate !== plan.targetExamDate,
  );
  return edited;
}

/** The fields an edit writes: those sent (`isActive` apart), and `updatedAt`. */
export type PlanChanges = Partial<PlanFields> & Pick<PlanRecord, 'updatedAt'>;

/**
 * `PUT /api/study-plans/{id}`: only the fields sent are written (two edits of different fields at
 * once both stand), checked as the plan will stand with them (`editedPlan`).
 */
export function planChanges(plan: PlanRecord, input: UpdatePlanInput, today: string, now: Date): PlanChanges {
  const edited = editedPlan(plan, input, today, now);
  const { isActive: _active, ...sent } = input;
  const names = Object.keys(sent).filter(
    (name) => sent[name as keyof typeof sent] !== undefined,
  ) as (keyof PlanFields)[];
  return {
    ...(Object.fromEntries(names.map((name) => [name, edited[name]])) as Partial<PlanFields>),
    updatedAt: edited.updatedAt,
  };
}

/** The plan as the member reads it. */
export const toStudyPlan = (
  plan: PlanRecord,
  activePlanId: string | null,
  days: readonly Day[],
  today: string,
): StudyPlan => ({
  id: plan.id,
  title: plan.title,
  description: plan.description,
  targetCategory: plan.targetCategory,
  dailyGoal: plan.dailyGoal,
  weeklyGoal: plan.weeklyGoal,
  targetExamDate: plan.targetExamDate,
  startDate: plan.startDate,
  endDate: plan.endDate,
  isActive: plan.id === activePlanId,
  progress: planProgress(plan, days, today),
  createdAt: plan.createdAt,
  updatedAt: plan.updatedAt,
});
