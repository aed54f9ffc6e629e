import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { categoriesApi } from '@shared/contract/categories';
import { resetConfigForTests } from '../lib/config';
import { httpRoutes, type HttpRoute } from '../routes';
import { DEPLOYED_ROUTE_ENV, deployedRoute, deployedRouteOf } from './deployed-route';
import { httpHandler } from './http';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

const told = (value: unknown) => ({ [DEPLOYED_ROUTE_ENV]: JSON.stringify(value) });

describe("a deployed function's row (HTTP_ROUTE)", () => {
  it('carries every HTTP row’s access level, body limit and CSRF check through the environment', () => {
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const read = deployedRoute(route.contract, told(deployedRouteOf(route)));
      expect(read, route.contract.key).toEqual({
        contract: route.contract,
        access: route.access,
        ...(route.bodyLimitBytes !== undefined ? { bodyLimitBytes: route.bodyLimitBytes } : {}),
        ...(route.csrf === false ? { csrf: false } : {}),
      });
    }
  });

  it('is absent outside a deployment (the local stack and the tests read the table)', () => {
    expect(deployedRoute(categoriesApi.list, {})).toBeUndefined();
  });

  it('refuses to start a function told another route’s row, or an access level that does not exist', () => {
    expect(() =>
      deployedRoute(categoriesApi.list, told({ key: 'GET /api/auth/me', access: 'user' })),
    ).toThrow(/does not describe GET \/api\/categories/);
    expect(() =>
      deployedRoute(categoriesApi.list, told({ key: 'GET /api/categories', access: 'everyone' })),
    ).toThrow(/does not describe/);
    expect(() => deployedRoute(categoriesApi.list, told({ key: 'GET /api/categories' }))).toThrow(
      /does not describe/,
    );
  });

  it('is what the chain enforces, not the table: a public route told it is for members turns a guest away with 401', async () => {
    Object.assign(
      process.env,
      { STAGE: 'local', TABLE_NAME: 'quiz-unit' },
      told({ key: categoriesApi.list.key, access: 'user' }),
    );
    resetConfigForTests();
    const handler = httpHandler(categoriesApi.list, () => {
      throw new Error('a guest must not reach the handler');
    });
    const event = {
      version: '2.0',
      routeKey: categoriesApi.list.key,
      rawPath: '/api/categories',
      rawQueryString: '',
      headers: {},
      requestContext: { requestId: 'deployed-route-test', http: { method: 'GET', path: '/api/categories' } },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const answer = (await handler(event, { getRemainingTimeInMillis: () => 10_000 } as Context)) as {
      statusCode: number;
    };
    expect(answer.statusCode).toBe(401);
  });
});
