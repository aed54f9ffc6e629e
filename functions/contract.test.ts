import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACT } from '@shared/contract';
import { httpRouteKey, httpRoutes } from './routes';

/**
 * The contract (`shared/contract`) and the route table describe the same routes, and every
 * route's handler is built from its route's contract, so its input is checked and its answer is
 * typed and checked by the contract's schemas.
 */
describe('API contract', () => {
  beforeAll(() => {
    process.env.STAGE ??= 'test';
    process.env.TABLE_NAME ??= 'contract-test';
  });

  it('has exactly one entry, with a response schema, for every route of the route table', () => {
    const contractKeys = API_CONTRACT.map((route) => route.key);
    expect(new Set(contractKeys).size).toBe(contractKeys.length);
    expect([...contractKeys].sort()).toEqual(httpRoutes.map(httpRouteKey).sort());
    for (const route of API_CONTRACT) expect(route.response, route.key).toBeDefined();
  });

  it.each(httpRoutes.map((route) => [httpRouteKey(route), route.handler] as const))(
    '%s is answered by a handler built from its contract',
    async (key, handlerPath) => {
      const module = (await import(
        /* @vite-ignore */ join(import.meta.dirname, '..', `${handlerPath}.ts`)
      )) as { handler?: { contract?: { key: string } } };
      expect(module.handler?.contract?.key).toBe(key);
    },
  );
});
