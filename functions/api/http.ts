import type { RouteContract } from '@shared/contract/define';
import { MESSAGES } from '@shared/messages';
import { AccountStoppedError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import { getConfig } from '../lib/config';
import { createHttpHandler } from '../lib/http/create-http-handler';
import type { Identify, RouteHandle } from '../lib/http/types';
import type { httpRoutes, HttpRoute, HttpRouteKey } from '../routes';
import { deployedRoute } from './deployed-route';
import { findSession, type SessionItem } from '../sessions/session';
import { accountStanding, asMember, stoppedUntil, type Member } from '../users/user-policy';
import { getUser } from '../users/user-store';

/**
 * The handler layer's entry point: a route's Lambda handler from its contract
 * (`shared/contract/*`) and a function that answers it. The access level and limits come from the
 * route table; the caller is the session cookie's member.
 * @example export const handler = httpHandler(categoriesApi.list, async () => ({ body: await listActiveCategoriesCached() }));
 */

type Route = (typeof httpRoutes)[number];
type RouteFor<K extends string> = Extract<Route, { contract: { key: K } }>;
/** The signed-in member on routes that need one; possibly a guest on public routes. */
type UserFor<K extends string> = RouteFor<K>['access'] extends 'public' ? Member | undefined : Member;

/**
 * The session cookie's member, with whether they are advanced at this moment (the membership's
 * period end is checked here, on every request). A suspended, banned or deactivated account is
 * refused wherever a signed-in user is needed, and an account being deleted is signed out; on
 * public routes the request simply proceeds as a guest's.
 */
const identifyMember: Identify<Member, SessionItem> = async (sessionId, access) => {
  const session = await findSession(sessionId);
  if (!session) return undefined;
  const user = await getUser(session.userId);
  if (!user) return undefined;
  const standing = accountStanding(user);
  if (standing !== 'ok' && access !== 'public') {
    if (standing === 'deleting') throw new UnauthorizedError();
    throw standing === 'stopped'
      ? new AccountStoppedError(MESSAGES.accountStopped, stoppedUntil(user))
      : new ForbiddenError(MESSAGES.accountInactive, 'account_inactive');
  }
  return standing === 'ok' ? { user: asMember(user), session } : undefined;
};

/**
 * A route's handler; its contract must be a row's of the route table. A deployed function has its
 * row from the environment (`deployed-route.ts`) and never loads the table; elsewhere (the local
 * stack, the tests) the row is read from the table, loaded on the first call.
 */
export function httpHandler<C extends RouteContract<HttpRouteKey>>(
  contract: C,
  handle: RouteHandle<C, UserFor<C['key']>, SessionItem>,
) {
  // A configuration error stops the function at its start, as it would if the chain were built now.
  getConfig();
  const deployed = deployedRoute(contract);
  if (deployed) return Object.assign(createHttpHandler(deployed, handle, identifyMember), { contract });
  type Chain = ReturnType<typeof createHttpHandler>;
  let chain: Promise<Chain> | undefined;
  const fromTable = async (): Promise<Chain> => {
    const { httpRoutes: rows } = await import('../routes');
    const route = (rows as readonly HttpRoute[]).find((row) => row.contract === contract);
    if (!route) throw new Error(`Route ${contract.key} is not in the route table`);
    return createHttpHandler({ ...route, contract }, handle, identifyMember);
  };
  const handler = async (...args: Parameters<Chain>) => (await (chain ??= fromTable()))(...args);
  return Object.assign(handler, { contract });
}

/** The chain for a route outside the route table (test fixtures), with the same session lookup. */
export function routeHandler<C extends RouteContract>(
  route: HttpRoute & { contract: C },
  handle: RouteHandle<C, Member | undefined, SessionItem>,
) {
  return createHttpHandler(route, handle, identifyMember);
}
