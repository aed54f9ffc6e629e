import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACT } from '@shared/contract';
import { httpRoutes } from './routes';

const root = join(import.meta.dirname, '..');

/** The product specification's documents, once they are in the repository. */
const specFolder = join(root, 'docs/spec');
const specDocuments = existsSync(specFolder)
  ? readdirSync(specFolder).filter((name) => name.endsWith('.md'))
  : [];

/** A route key with its path parameters unnamed: the spec writes `{quizId}` where the API has `{id}`. */
const shapeOf = (key: string) => key.replace(/\{\w+\}/g, '{}');

/**
 * The contract (`shared/contract`) is the list of the API's calls: every call the spec names is
 * in it, each has exactly one row of the route table, and every route's handler is built from its
 * row's contract, so its input is checked and its answer is typed and checked by the contract's
 * schemas.
 */
describe('API contract', () => {
  beforeAll(() => {
    process.env.STAGE ??= 'test';
    process.env.TABLE_NAME ??= 'contract-test';
  });

  it('is served by the route table, one row per call', () => {
    const keys = API_CONTRACT.map((contract) => contract.key);
    expect(new Set(keys).size).toBe(keys.length);
    const served = httpRoutes.map((route) => route.contract);
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort(byKey)).toEqual([...API_CONTRACT].sort(byKey));
  });

  it.skipIf(specDocuments.length === 0)('holds every call the spec names (docs/spec)', () => {
    const contractShapes = new Set(API_CONTRACT.map((contract) => shapeOf(contract.key)));
    const named = specDocuments.flatMap((name) =>
      [
        ...readFileSync(join(specFolder, name), 'utf8').matchAll(
          /\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[\w\-/{}]*[\w}])/g,
        ),
      ].map(([, method, path]) => `${method} ${path}`),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const call of new Set(named)) expect(contractShapes, call).toContain(shapeOf(call));
  });

  it.each(httpRoutes.map((route) => [route.contract.key, route] as const))(
    '%s is answered by a handler built from its contract',
    async (_key, route) => {
      const module = (await import(/* @vite-ignore */ join(root, `${route.handler}.ts`))) as {
        handler?: { contract?: unknown };
      };
      expect(module.handler?.contract).toBe(route.contract);
    },
  );
});

function byKey(a: { key: string }, b: { key: string }) {
  return a.key.localeCompare(b.key);
}
