import { LEARNING, LEARNING_MESSAGES } from '@shared/learning-constants';
import { db } from '../data/db';
import { ConditionsFailed } from '../data/errors';
import { queryAll } from '../data/paginate';
import { transactWrite, type NamedItem } from '../data/transact';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { UserKeys } from '../users/user-keys';
import { LearningSettingsKeys, StudyPlanKeys } from './learning-keys';
import type { PlanChanges, PlanRecord } from './plan-policy';

/**
 * Study plans (`PLAN#<planId>`) and the member's learning settings (`LEARNING`): `activePlanId`
 * names the one active plan, so activating a plan is one write of it and parallel activations
 * leave exactly one active (the last write); `planCount` holds the quota of 20, changed in the
 * transaction of each creation and deletion.
 */

const settingsKey = (userId: string) => LearningSettingsKeys.key({ userId });
const planKey = (userId: string, planId: string) => StudyPlanKeys.key({ userId, planId });
const planNotFound = () => new NotFoundError(LEARNING_MESSAGES.planNotFound);

/**
 * The member's plans and which is active, read strongly consistent: the page reads them again
 * straight after a creation or an activation, and must see it.
 */
export async function readPlans(userId: string) {
  const [plans, settings] = await Promise.all([
    queryAll<PlanRecord>({
      partition: UserKeys.pk({ userId }),
      beginsWith: StudyPlanKeys.skPrefix(),
      ConsistentRead: true,
    }),
    db.get({ Key: settingsKey(userId), ProjectionExpression: 'activePlanId', ConsistentRead: true }),
  ]);
  return { plans, activePlanId: (settings.Item?.activePlanId as string | undefined) ?? null };
}

/** The id of the active plan (null: none), read strongly consistent. */
export async function readActivePlanId(userId: string): Promise<string | null> {
  const { Item } = await db.get({
    Key: settingsKey(userId),
    ProjectionExpression: 'activePlanId',
    ConsistentRead: true,
  });
  return (Item?.activePlanId as string | undefined) ?? null;
}

/** The active plan, if any. */
export async function readActivePlan(userId: string): Promise<PlanRecord | undefined> {
  const settings = await db.get({ Key: settingsKey(userId), ProjectionExpression: 'activePlanId' });
  const planId = settings.Item?.activePlanId as string | undefined;
  if (!planId) return undefined;
  const { Item } = await db.get({ Key: planKey(userId, planId) });
  return Item as PlanRecord | undefined;
}

/** One plan, read strongly consistent; 404 when the member has none by that id. */
export async function readPlan(userId: string, planId: string): Promise<PlanRecord> {
  const { Item } = await db.get({ Key: planKey(userId, planId), ConsistentRead: true });
  if (!Item) throw planNotFound();
  return planFields(Item as PlanRecord);
}

/** The plan's own fields (an item read back carries its keys too). */
const planFields = (plan: PlanRecord): PlanRecord => ({
  id: plan.id,
  title: plan.title,
  description: plan.description,
  targetCategory: plan.targetCategory,
  dailyGoal: plan.dailyGoal,
  weeklyGoal: plan.weeklyGoal,
  targetExamDate: plan.targetExamDate,
  startDate: plan.startDate,
  endDate: plan.endDate,
  createdAt: plan.createdAt,
  updatedAt: plan.updatedAt,
});

const planItem = (userId: string, plan: PlanRecord) => ({ ...planKey(userId, plan.id), ...planFields(plan) });

/** The plan activated: `activePlanId` set, on the condition that the plan still exists. */
const activation = (userId: string, planId: string): NamedItem[] => [
  {
    Update: {
      Key: settingsKey(userId),
      UpdateExpression: 'SET activePlanId = :plan',
      ExpressionAttributeValues: { ':plan': planId },
    },
  },
];

/** A new plan, active at once, within the quota of 20 (also under parallel creations). */
export async function insertPlan(userId: string, plan: PlanRecord): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: 'ADD planCount :one SET activePlanId = :plan',
        ConditionExpression: 'attribute_not_exists(planCount) OR planCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':plan': plan.id, ':max': LEARNING.maxPlans },
      },
      onConditionFailed: () => new TooManyRequestsError(LEARNING_MESSAGES.tooManyPlans),
    },
    { Put: { Item: planItem(userId, plan), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}

/**
 * A plan's edit: only the fields it changes are set (so parallel edits of different fields all
 * stand), on the condition that the plan exists (else 404) and, when only one of its start and end
 * changes, that the other still keeps them in order (else 400: a parallel edit moved it); its
 * activation or deactivation in the same transaction (deactivating clears `activePlanId` only
 * while it names the plan: the caller leaves it out for a plan that is not the active one).
 */
export async function writePlan(
  userId: string,
  planId: string,
  changes: PlanChanges,
  active: boolean | undefined,
): Promise<void> {
  const names = Object.keys(changes) as (keyof PlanChanges)[];
  const conditions = ['attribute_exists(pk)'];
  const guardNames: Record<string, string> = {};
  const guardValues: Record<string, unknown> = {};
  if (changes.startDate !== undefined && changes.endDate === undefined) {
    conditions.push(
      '(attribute_not_exists(#guardEnd) OR attribute_type(#guardEnd, :nullType) OR #guardEnd >= :startDate)',
    );
    guardNames['#guardEnd'] = 'endDate';
    guardValues[':nullType'] = 'NULL';
  }
  if (typeof changes.endDate === 'string' && changes.startDate === undefined) {
    conditions.push('#guardStart <= :endDate');
    guardNames['#guardStart'] = 'startDate';
  }
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: planKey(userId, planId),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((name) => [`#${name}`, name])),
          ...guardNames,
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name) => [`:${name}`, changes[name]])),
          ...guardValues,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (current) =>
        current ? new BadRequestError(LEARNING_MESSAGES.planDates) : planNotFound(),
    },
    ...(active === true ? activation(userId, planId) : []),
    ...(active === false ? [deactivation(userId, planId)] : []),
  ]);
}

/** Clears `activePlanId` when it names the plan (nothing otherwise). */
async function clearIfActive(userId: string, planId: string) {
  try {
    await transactWrite([deactivation(userId, planId)]);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
  }
}

const deactivation = (userId: string, planId: string): NamedItem => ({
  name: 'active',
  Update: {
    Key: settingsKey(userId),
    UpdateExpression: 'REMOVE activePlanId',
    ConditionExpression: 'activePlanId = :plan',
    ExpressionAttributeValues: { ':plan': planId },
  },
});

/**
 * Deletes a plan (404 when it is not there: of parallel deletions one deletes), with the quota
 * given back; when it was the active one, no plan is active after it.
 */
export async function deletePlan(userId: string, planId: string): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    {
      Delete: { Key: planKey(userId, planId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: planNotFound,
    },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: 'ADD planCount :minusOne',
        ConditionExpression: 'planCount > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      },
    },
  ]);
  await clearIfActive(userId, planId);
}
