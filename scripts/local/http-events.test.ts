import { describe, expect, it } from 'vitest';
import { compileRoute, isTextContentType, matchRoute, readHttpResult, routeIndex } from './http-events';
import * as z from 'zod';
import { defineRoute, type RouteKey } from '@shared/contract/define';
import type { HttpRoute } from '@functions/routes';

const route = (key: RouteKey): HttpRoute => ({
  contract: defineRoute(key, { response: z.unknown() }),
  handler: 'x',
  access: 'public',
  table: 'none',
});

describe('API Gateway emulation', () => {
  const routes = [
    route('GET /api/quizzes/{id}'),
    route('GET /api/quizzes/search'),
    route('DELETE /api/admin/reports/{id}'),
    route('DELETE /api/admin/reports/bulk'),
    route('GET /api/files/{proxy+}'),
  ].map(compileRoute);
  const index = routeIndex(routes);

  it('matches the most specific route and decodes path parameters', () => {
    expect(matchRoute(index, 'GET', '/api/quizzes/search')?.compiled.routeKey).toBe(
      'GET /api/quizzes/search',
    );
    expect(matchRoute(index, 'GET', '/api/quizzes/%E3%81%82')).toMatchObject({
      pathParameters: { id: 'あ' },
    });
    expect(matchRoute(index, 'DELETE', '/api/admin/reports/bulk')?.compiled.routeKey).toBe(
      'DELETE /api/admin/reports/bulk',
    );
    expect(matchRoute(index, 'GET', '/api/files/a/b/c')).toMatchObject({
      pathParameters: { proxy: 'a/b/c' },
    });
    expect(matchRoute(index, 'POST', '/api/quizzes/1')).toBeUndefined();
    expect(matchRoute(index, 'GET', '/api/quizzes/1/extra')).toBeUndefined();
  });

  it('passes text bodies as text and everything else base64', () => {
    expect(isTextContentType('application/json; charset=utf-8')).toBe(true);
    expect(isTextContentType('text/plain')).toBe(true);
    expect(isTextContentType('application/vnd.api+json')).toBe(true);
    expect(isTextContentType('multipart/form-data; boundary=x')).toBe(false);
    expect(isTextContentType('application/octet-stream')).toBe(false);
  });

  it('reads structured and inferred Lambda results', () => {
    expect(readHttpResult({ statusCode: 204, cookies: ['a=1', 'b=2'] })).toMatchObject({
      statusCode: 204,
      cookies: ['a=1', 'b=2'],
    });
    const inferred = readHttpResult({ hello: 'world' } as never);
    expect(inferred.statusCode).toBe(200);
    expect(inferred.body.toString()).toBe('{"hello":"world"}');
    const binary = readHttpResult({
      statusCode: 200,
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect([...binary.body]).toEqual([1, 2, 3]);
  });
});
