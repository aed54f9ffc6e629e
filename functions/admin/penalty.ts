import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type BanInput } from '@shared/admin';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { endAllSessions } from '../sessions/session';
import { getUser, LIVE_ACCOUNT, type UserItem } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { audit } from './audit';
import { PenaltyKeys } from './penalty-keys';

/**
 * Penalties: a ban (permanent) or a suspension for a number of minutes. The account's
 * `suspendedUntil` (`PERMANENT` or an ISO time, checked on every request) is set in the same
 * transaction as the penalty record, and the person's sessions end at once. Records are kept as
 * history: `pk = USER#<id>`, `sk = PENALTY#<issuedAt>#<id>`.
 */
interface PenaltyItem {
  pk: string;
  sk: string;
  id: string;
  userId: string;
  penaltyType: 'ban' | 'suspension';
  reason: string | null;
  suspensionMinutes: number | null;
  issuedBy: string;
  issuedAt: string;
  expiresAt: string | null;
  liftedBy: string | null;
  liftedAt: string | null;
}

/** A member's penalties, newest first. */
export function listPenalties(userId: string): Promise<PenaltyItem[]> {
  return queryAll<PenaltyItem>({
    partition: PenaltyKeys.pk({ userId }),
    beginsWith: PenaltyKeys.skPrefix(),
    newestFirst: true,
  });
}

/** A penalty still in force at `now` (not lifted, not expired). */
export const isActive = (penalty: PenaltyItem, now = new Date()) =>
  !penalty.liftedAt && (penalty.expiresAt === null || new Date(penalty.expiresAt).getTime() > now.getTime());

export async function banUser(admin: UserItem, input: BanInput, now = new Date()): Promise<PenaltyItem> {
  const target = await getUser(input.userId);
  if (!target) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  if (target.id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotBanSelf);
  if (target.role === 'admin') throw new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin);
  const issuedAt = now.toISOString();
  const expiresAt =
    input.type === 'ban' ? null : new Date(now.getTime() + (input.minutes ?? 0) * 60_000).toISOString();
  const penalty: PenaltyItem = {
    ...PenaltyKeys.key({ userId: target.id, issuedAt, suffix: randomUUID().slice(0, 8) }),
    id: randomUUID(),
    userId: target.id,
    penaltyType: input.type,
    reason: input.reason || null,
    suspensionMinutes: input.type === 'suspension' ? (input.minutes ?? null) : null,
    issuedBy: admin.id,
    issuedAt,
    expiresAt,
    liftedBy: null,
    liftedAt: null,
  };
  await transactWrite([
    { Put: { Item: penalty } },
    {
      Update: {
        Key: userKey(target.id),
        UpdateExpression: 'SET suspendedUntil = :until',
        ConditionExpression: `${LIVE_ACCOUNT} AND #role <> :admin`,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':until': expiresAt ?? 'PERMANENT', ':admin': 'admin' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (account) =>
        account?.role === 'admin' && !account.deletingAt
          ? new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin)
          : new NotFoundError(ADMIN_MESSAGES.userNotFound),
    },
  ]);
  await endAllSessions(target.id);
  await audit(
    admin.id,
    input.type === 'ban' ? 'ban-user' : 'suspend-user',
    { userId: target.id, minutes: input.minutes ?? null, reason: input.reason || null },
    now,
  );
  return penalty;
}

export async function unbanUser(admin: UserItem, userId: string, now = new Date()): Promise<void> {
  const target = await getUser(userId);
  if (!target) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const active = (await listPenalties(userId)).filter((penalty) => isActive(penalty, now));
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
    ...active.slice(0, 90).map((penalty) => ({
      Update: {
        Key: { pk: penalty.pk, sk: penalty.sk },
        UpdateExpression: 'SET liftedBy = :admin, liftedAt = :now',
        // An update never re-creates a record that went with its account.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':admin': admin.id, ':now': now.toISOString() },
      },
    })),
  ]);
  await audit(admin.id, 'unban-user', { userId }, now);
}
