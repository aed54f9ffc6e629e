import { ADMIN_MESSAGES, type BanInput } from '@shared/admin';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import type { UserItem } from '../users/user-store';

/**
 * The rules of penalties, as pure functions of the administrator, the member and the time: who may
 * be penalised, when a suspension ends, what the account's `suspendedUntil` becomes, and which
 * penalties are still in force. penalty-store.ts keeps them, penalty.ts puts the two together.
 */

/** A penalty as the rules read it: everything but its keys in the table. */
export interface Penalty {
  id: string;
  userId: string;
  penaltyType: 'ban' | 'suspension';
  reason: string | null;
  suspensionMinutes: number | null;
  issuedBy: string;
  issuedAt: string;
  /** Null for a ban: it never ends by itself. */
  expiresAt: string | null;
  liftedBy: string | null;
  liftedAt: string | null;
}

/** A penalty still in force at `now` (not lifted, not expired). */
export const isActive = (penalty: Penalty, now = new Date()) =>
  !penalty.liftedAt && (penalty.expiresAt === null || new Date(penalty.expiresAt).getTime() > now.getTime());

/** Refuses a penalty nobody may give: on an unknown account, on oneself, on an administrator. */
export function assertMayPenalise(
  admin: Pick<UserItem, 'id'>,
  target: Pick<UserItem, 'id' | 'role'> | undefined,
): asserts target is Pick<UserItem, 'id' | 'role'> {
  if (!target) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  if (target.id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotBanSelf);
  if (target.role === 'admin') throw new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin);
}

/** The penalty `admin` gives the member `userId` at `now`: a ban never ends, a suspension after its minutes. */
export function newPenalty(
  admin: Pick<UserItem, 'id'>,
  userId: string,
  input: BanInput,
  id: string,
  now: Date,
): Penalty {
  return {
    id,
    userId,
    penaltyType: input.type,
    reason: input.reason || null,
    suspensionMinutes: input.type === 'suspension' ? (input.minutes ?? null) : null,
    issuedBy: admin.id,
    issuedAt: now.toISOString(),
    expiresAt:
      input.type === 'ban' ? null : new Date(now.getTime() + (input.minutes ?? 0) * 60_000).toISOString(),
    liftedBy: null,
    liftedAt: null,
  };
}

/** The account's `suspendedUntil` while `penalty` holds (checked on every request): `PERMANENT` for a ban. */
export const suspendedUntil = (penalty: Penalty) => penalty.expiresAt ?? 'PERMANENT';

/**
 * What the account's `suspendedUntil` becomes when `penalty` is given while it is `current`: the
 * stop that lasts longer holds. A ban is never shortened by a later suspension, nor a long
 * suspension by a shorter one (an expired one ends before any new one).
 */
export function lasting(current: string | null | undefined, penalty: Penalty): string {
  const next = suspendedUntil(penalty);
  if (!current || current === next || next === 'PERMANENT') return next;
  if (current === 'PERMANENT') return current;
  return Date.parse(current) > Date.parse(next) ? current : next;
}

/** The account's `suspendedUntil` changed between its read and the penalty's write: read it again (409 if it keeps changing). */
export class PenaltyRaced extends ConflictError {
  constructor() {
    super(ADMIN_MESSAGES.penaltyRaced);
  }
}

/**
 * Why the account refused the penalty's write, from the account as it was then: it became an
 * administrator meanwhile, it is gone (deleted, or being deleted), or another penalty or an unban
 * changed its stop since it was read (`PenaltyRaced`).
 */
export const refusalOf = (account: Record<string, unknown> | undefined) =>
  !account || account.deletingAt
    ? new NotFoundError(ADMIN_MESSAGES.userNotFound)
    : account.role === 'admin'
      ? new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin)
      : new PenaltyRaced();

/** The audit action of a penalty. */
export const penaltyAction = (input: Pick<BanInput, 'type'>) =>
  input.type === 'ban' ? 'ban-user' : 'suspend-user';
