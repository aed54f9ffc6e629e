import { ADMIN_MESSAGES } from '@shared/admin';
import { indexAttributes } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import { transactWrite } from '../data/transact';
import { NotFoundError } from '../lib/errors';
import { LIVE_ACCOUNT } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { refusalOf, type Penalty } from './penalty-policy';
import { PenaltyKeys } from './penalty-keys';

/**
 * Penalties in the table, kept as history in the member's partition: `pk = USER#<id>`,
 * `sk = PENALTY#<issuedAt>#<suffix>`. The account's `suspendedUntil` changes in the same
 * transaction as the penalty records.
 */
export interface PenaltyItem extends Penalty {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

/** A member's penalties, newest first. */
export function listPenalties(userId: string): Promise<PenaltyItem[]> {
  return queryAll<PenaltyItem>({
    partition: PenaltyKeys.pk({ userId }),
    beginsWith: PenaltyKeys.skPrefix(),
    newestFirst: true,
  });
}

/**
 * The newest penalties not lifted (of every member), up to `max`: a stopped member is listed for
 * the administrators whatever became of the reports on their quizzes. Those run out (a suspension
 * past its end) are among them; the caller keeps the active ones.
 */
export function unliftedPenalties(max: number): Promise<PenaltyItem[]> {
  return queryAll<PenaltyItem>(
    { index: INDEX.byCollection, partition: PenaltyKeys.collectionPk(), newestFirst: true },
    { maxItems: max },
  );
}

/**
 * Records the penalty and stops the account until `until`, on the condition that the account lives,
 * is no administrator (it may have become one since it was read) and is stopped as `seen` (its
 * `suspendedUntil` when read): `PenaltyRaced` when another penalty or an unban came between.
 */
export async function putPenalty(
  penalty: Penalty,
  suffix: string,
  stop: { seen: string | null; until: string },
): Promise<PenaltyItem> {
  const item: PenaltyItem = {
    ...PenaltyKeys.key({ userId: penalty.userId, issuedAt: penalty.issuedAt, suffix }),
    ...PenaltyKeys.collection({ issuedAt: penalty.issuedAt, userId: penalty.userId }),
    ...penalty,
  };
  const asSeen =
    stop.seen === null
      ? '(attribute_not_exists(suspendedUntil) OR attribute_type(suspendedUntil, :nullType))'
      : 'suspendedUntil = :seen';
  await transactWrite([
    { Put: { Item: item } },
    {
      Update: {
        Key: userKey(penalty.userId),
        UpdateExpression: 'SET suspendedUntil = :until',
        ConditionExpression: `${LIVE_ACCOUNT} AND #role <> :admin AND ${asSeen}`,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: {
          ':until': stop.until,
          ':admin': 'admin',
          ...(stop.seen === null ? { ':nullType': 'NULL' } : { ':seen': stop.seen }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: refusalOf,
    },
  ]);
  return item;
}

/**
 * Lets the account act again and records who lifted which penalties (at most 90 of them, in the
 * account's one transaction).
 */
export async function liftPenalties(
  userId: string,
  penalties: readonly PenaltyItem[],
  adminId: string,
  now: Date,
): Promise<void> {
  await transactWrite([
    {
      Update: {
        Key: userKey(userId),
        UpdateExpression: 'SET suspendedUntil = :none',
        ConditionExpression: LIVE_ACCOUNT,
        ExpressionAttributeValues: { ':none': null },
      },
      onConditionFailed: () => new NotFoundError(ADMIN_MESSAGES.userNotFound),
    },
    ...penalties.slice(0, 90).map((penalty) => ({
      Update: {
        Key: { pk: penalty.pk, sk: penalty.sk },
        UpdateExpression: `SET liftedBy = :admin, liftedAt = :now REMOVE ${indexAttributes(INDEX.byCollection)}`,
        // An update never re-creates a record that went with its account.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':admin': adminId, ':now': now.toISOString() },
      },
    })),
  ]);
}
