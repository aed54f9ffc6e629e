import type { RouteContract } from '@shared/contract/define';
import { isAccessLevel } from '../lib/http/check-access';
import type { ChainRoute } from '../lib/http/types';
import type { HttpRoute } from '../routes';

/**
 * What a deployed HTTP function is told of its row of the route table: the environment variable
 * `HTTP_ROUTE` (JSON), which the stack writes from the row (infra/constructs/api.ts). With it the
 * function builds its chain without loading the route table, which imports every feature's
 * contract: a cold start then builds the zod schemas its own route needs, not the whole API's
 * (docs/decisions.md, "Issue 28: a cold start loads its own route"). The local stack and the tests set no such variable: every function shares the
 * process that loaded the table, and reads its row there.
 */
export const DEPLOYED_ROUTE_ENV = 'HTTP_ROUTE';

/** The row as the stack writes it: its route key and what the chain needs besides the contract. */
export type DeployedRoute = { key: string } & Omit<ChainRoute, 'contract'>;

/** The chain's settings of a row, or of the variable once its access level is checked. */
const settingsOf = (row: Omit<DeployedRoute, 'key'>): Omit<ChainRoute, 'contract'> => ({
  access: row.access,
  ...(typeof row.bodyLimitBytes === 'number' ? { bodyLimitBytes: row.bodyLimitBytes } : {}),
  ...(row.csrf === false ? { csrf: false as const } : {}),
});

export const deployedRouteOf = (route: HttpRoute): DeployedRoute => ({
  key: route.contract.key,
  ...settingsOf(route),
});

/**
 * The chain's route from `HTTP_ROUTE`, or undefined when it is not set. A variable that does not
 * name this contract's route, or names no access level, stops the function at its start: a
 * deployment that would run a route with another's settings is refused.
 */
export function deployedRoute<C extends RouteContract>(
  contract: C,
  environment: NodeJS.ProcessEnv = process.env,
): (ChainRoute & { contract: C }) | undefined {
  const raw = environment[DEPLOYED_ROUTE_ENV];
  if (raw === undefined) return undefined;
  const row = JSON.parse(raw) as Partial<DeployedRoute>;
  if (row.key !== contract.key || !isAccessLevel(row.access))
    throw new Error(`${DEPLOYED_ROUTE_ENV} does not describe ${contract.key}: ${raw}`);
  return { contract, ...settingsOf({ ...row, access: row.access }) };
}
