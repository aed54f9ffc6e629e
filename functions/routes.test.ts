import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classClientMessageSchemas } from '@shared/classroom';
import { clientMessageSchemas } from '@shared/multiplayer';
import { functionIdFor, httpRoutes, queueConsumers, streamConsumers, webSocketRoutes } from './routes';

const root = join(import.meta.dirname, '..');

describe('route table', () => {
  it('declares no route twice', () => {
    const tableKeys = httpRoutes.map((route) => route.contract.key);
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
    const wsKeys = webSocketRoutes.map((route) => route.routeKey);
    expect(new Set(wsKeys).size).toBe(wsKeys.length);
    const ids = [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers].map(functionIdFor);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('routes each client message type of the socket to its own function, and nothing else but $-keys and ping', () => {
    const routeKeys = webSocketRoutes.map((route) => route.routeKey as string);
    // The rooms' frames and the class games' (issue 31).
    const types = { ...clientMessageSchemas, ...classClientMessageSchemas };
    for (const type of Object.keys(types)) expect(routeKeys, type).toContain(type);
    for (const key of routeKeys)
      expect(key.startsWith('$') || key === 'ping' || key in types, key).toBe(true);
  });

  it('points every entry at a module that exports a handler', () => {
    for (const entry of [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers]) {
      const file = join(root, `${entry.handler}.ts`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
    }
  });

  it("takes no CSRF token only where a server calls with a signature: Stripe's webhook", () => {
    const withoutCsrf = httpRoutes.filter((route) => 'csrf' in route).map((route) => route.contract.key);
    expect(withoutCsrf).toEqual(['POST /api/stripe/webhook']);
  });

  it('uses API Gateway path syntax', () => {
    // A segment may carry a file extension (`results.csv`, issue 31).
    for (const route of httpRoutes)
      expect(route.contract.path).toMatch(/^\/api(\/([a-z0-9-]+(\.[a-z]+)?|\{[a-zA-Z]+\}))+$/);
  });
});
