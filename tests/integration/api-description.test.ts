import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '@functions/routes';
import { startTestGateway } from '../support/gateway';

/** The local stack serves the API description of the routes it serves, for tools and people. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document of every route of the route table', async () => {
    const response = await fetch(`${gateway.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-security-policy')).toBeTruthy();
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const { contract } of httpRoutes)
      expect(document.paths[contract.path]?.[contract.method.toLowerCase()], contract.key).toBeDefined();
  });

  it('is read-only', async () => {
    const response = await fetch(`${gateway.url}/api/openapi.json`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});
