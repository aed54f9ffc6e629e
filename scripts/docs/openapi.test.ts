import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_CONTRACT } from '@shared/contract';
import { functionIdFor, httpRoutes } from '@functions/routes';
import { OPENAPI_PATH, openApiDocument, renderOpenApi } from './openapi';

/**
 * The API description cannot drift from the code: docs/openapi.json is what the generator writes
 * from the route table and the contract, and every route is in it with its schemas.
 */
type Operation = {
  operationId: string;
  security: Record<string, unknown>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operationOf = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return document.paths[path]?.[method.toLowerCase()];
};

describe('docs/openapi.json', () => {
  it('is what `npm run docs:openapi` writes from the code', async () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8'), 'run npm run docs:openapi').toBe(await renderOpenApi());
  });

  it('describes every route of the route table once, named after its function', () => {
    expect(document.openapi).toBe('3.1.0');
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(httpRoutes.map((route) => route.contract.key).sort());
    const ids = described.map((key) => operationOf(key)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of httpRoutes)
      expect(operationOf(route.contract.key)!.operationId).toBe(functionIdFor(route));
  });

  it('takes each request part and the answer from the contract', () => {
    for (const contract of API_CONTRACT) {
      const operation = operationOf(contract.key)!;
      // A download answers its file's media types instead of JSON.
      for (const type of contract.download ?? ['application/json'])
        expect(operation.responses['2XX']!.content![type]?.schema, contract.key).toBeDefined();
      if (contract.body)
        expect(operation.requestBody!.content['application/json'], contract.key).toBeDefined();
      if (contract.form)
        expect(operation.requestBody!.content['multipart/form-data'], contract.key).toBeDefined();
      const pathNames = [...contract.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(
        operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [],
        contract.key,
      ).toEqual(pathNames);
    }
    const created = operationOf('POST /api/quizzes')!;
    expect(created.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['quiz', 'questions']),
    });
    const search = operationOf('GET /api/quizzes/search')!;
    expect(search.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'category', 'sort']));
    expect(
      operationOf('GET /api/quizzes/{id}')!.responses['2XX']!.content!['application/json']!.schema,
    ).toMatchObject({
      type: 'object',
    });
  });

  it('says who may call: a session for members, the CSRF header on every unsafe method', () => {
    expect(operationOf('GET /api/categories')!.security).toEqual([{}, { session: [] }]);
    expect(operationOf('POST /api/auth/login')!.security).toEqual([{ csrf: [] }, { session: [], csrf: [] }]);
    expect(operationOf('POST /api/quizzes')!.security).toEqual([{ session: [], csrf: [] }]);
    expect(operationOf('GET /api/admin/reports')!.responses['403']).toBeDefined();
  });

  it('refers only to components it defines', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    for (const ref of new Set(refs)) expect(ref).toBe('#/components/schemas/ApiError');
  });
});
