import { randomUUID } from 'node:crypto';
import { LEARNING_MESSAGES } from '@shared/learning-constants';
import type { CreatePlanInput, StudyPlan, UpdatePlanInput } from '@shared/learning';
import { listActiveCategoriesCached } from '../categories/category';
import { currentTime } from '../lib/clock';
import { ConditionsFailed } from '../data/errors';
import { BadRequestError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import { isKnownCategory } from '../quizzes/quiz-policy';
import { listDays } from './event-store';
import { newPlan, planChanges, toStudyPlan } from './plan-policy';
import {
  deletePlan as removePlan,
  insertPlan,
  readActivePlanId,
  readPlan,
  readPlans,
  writePlan,
} from './plan-store';

/** Study plans (`/api/study-plans`): the rules of plan-policy.ts over plan-store.ts. */

async function assertCategory(category: string | null | undefined) {
  if (category && !isKnownCategory(category, await listActiveCategoriesCached()))
    throw new BadRequestError(LEARNING_MESSAGES.unknownCategory);
}

/** `GET /api/study-plans`: newest first, each with its progress. */
export async function listPlans(userId: string, now = currentTime()): Promise<StudyPlan[]> {
  const today = japanDate(now);
  const [{ plans, activePlanId }, days] = await Promise.all([readPlans(userId), listDays(userId)]);
  return plans
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((plan) => toStudyPlan(plan, activePlanId, days, today));
}

/** `POST /api/study-plans`: a new plan, the active one from now (at most 20). */
export async function createPlan(
  userId: string,
  input: Required<Omit<CreatePlanInput, 'startDate'>> & { startDate?: string | undefined },
  now = currentTime(),
): Promise<StudyPlan> {
  const today = japanDate(now);
  await assertCategory(input.targetCategory);
  const plan = newPlan(randomUUID(), input, today, now);
  await insertPlan(userId, plan);
  return toStudyPlan(plan, plan.id, await listDays(userId), today);
}

/**
 * `PUT /api/study-plans/{id}`: the fields sent (only they are written); `isActive: true` makes it the one active plan,
 * `isActive: false` deactivates it when it is the active one (a plan not active already is not).
 */
export async function updatePlan(
  userId: string,
  planId: string,
  input: UpdatePlanInput,
  now = currentTime(),
): Promise<StudyPlan> {
  const today = japanDate(now);
  const [plan, wasActive] = await Promise.all([readPlan(userId, planId), readActivePlanId(userId)]);
  // A category the plan already has stays valid after it was retired: the form sends it back as it was.
  if (input.targetCategory !== plan.targetCategory) await assertCategory(input.targetCategory);
  const changes = planChanges(plan, input, today, now);
  const active = input.isActive === false && wasActive !== planId ? undefined : input.isActive;
  try {
    await writePlan(userId, planId, changes, active);
  } catch (error) {
    // Another plan was activated since: this one is no longer the active one to deactivate.
    if (!(active === false && error instanceof ConditionsFailed && error.has('active'))) throw error;
    await writePlan(userId, planId, changes, undefined);
  }
  // As it stands now (parallel edits of other fields included).
  const [stored, activePlanId, days] = await Promise.all([
    readPlan(userId, planId),
    readActivePlanId(userId),
    listDays(userId),
  ]);
  return toStudyPlan(stored, activePlanId, days, today);
}

/** `DELETE /api/study-plans/{id}`. */
export const deletePlan = (userId: string, planId: string) => removePlan(userId, planId);
