import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { CSRF_HEADER, COOKIE_NAMES, ERROR_REASONS, SAFE_METHODS } from '@shared/api';
import { LIMITS } from '@shared/constants';
import { functionIdFor, httpRoutes, type HttpRoute } from '@functions/routes';

/**
 * The API description (OpenAPI 3.1) of every route of the route table, from the table (access
 * level, body limit) and the row's contract (`shared/contract`: method and path, path and query
 * parameters, JSON or form body, the answer). `npm run docs:openapi` writes `docs/openapi.json`; a
 * test regenerates it and fails when the file differs, and the local gateway serves the same
 * document at `/api/openapi.json`.
 */
const ROOT = join(import.meta.dirname, '../..');
export const OPENAPI_PATH = join(ROOT, 'docs/openapi.json');

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends, or what it receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and refinements the JSON Schema cannot say are described by their input or output type.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const errorSchema: JsonSchema = {
  type: 'object',
  description: 'Every answer that is not 2xx: a Japanese message for people, a stable reason for programs.',
  properties: {
    message: { type: 'string' },
    reason: { type: 'string', enum: [...ERROR_REASONS] },
    stoppedUntil: {
      type: ['string', 'null'],
      description: 'With account_stopped: when the suspension ends (ISO 8601), null for a ban.',
    },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['message'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** An object schema's properties as OpenAPI parameters (`in: path` or `query`). */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', route: HttpRoute) {
  const names =
    where === 'path' ? [...route.contract.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!) : [];
  const json = schema ? jsonSchema(schema, 'input') : { properties: {} };
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

function requestBody(route: HttpRoute) {
  const { contract } = route;
  const content: Record<string, { schema: JsonSchema }> = {};
  if (contract.body) content['application/json'] = { schema: jsonSchema(contract.body, 'input') };
  if (contract.form) {
    const fields = jsonSchema(contract.form, 'input');
    content['multipart/form-data'] = {
      schema: {
        ...fields,
        description: 'The settings as text fields, and the file as one file part.',
        additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
    };
  }
  if (!Object.keys(content).length) return undefined;
  return {
    required: true,
    description: `At most ${route.bodyLimitBytes ?? LIMITS.jsonBodyMaxBytes} bytes.`,
    content,
  };
}

const unsafe = (route: HttpRoute) => !(SAFE_METHODS as readonly string[]).includes(route.contract.method);

/** Who may call: the session cookie where a member is needed, the CSRF header on every unsafe method. */
function security(route: HttpRoute) {
  const csrf = unsafe(route) ? { csrf: [] } : {};
  if (route.access === 'public') return [{ ...csrf }, { session: [], ...csrf }];
  return [{ session: [], ...csrf }];
}

function operation(route: HttpRoute) {
  const { contract } = route;
  const hasInput = Boolean(contract.params || contract.query || contract.body || contract.form);
  const responses: Record<string, unknown> = {
    '2XX': contract.download
      ? {
          description: 'Success: the file, with Content-Disposition naming it.',
          content: Object.fromEntries(
            contract.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        }
      : {
          description: 'Success.',
          content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
        },
  };
  if (hasInput || unsafe(route)) responses['400'] = errorResponse('Invalid input (with issues per field).');
  if (route.access !== 'public') responses['401'] = errorResponse('Not signed in.');
  if (route.access === 'admin' || route.access === 'membership' || unsafe(route))
    responses['403'] = errorResponse('Not allowed, or the CSRF token or Origin was refused.');
  if (contract.path.includes('{'))
    responses['404'] = errorResponse('Not found, or not visible to the caller.');
  if (unsafe(route)) responses['409'] = errorResponse('Conflicts with a change made meanwhile.');
  if (contract.body || contract.form) responses['413'] = errorResponse('Body too large.');
  responses['429'] = errorResponse('Rate limit or quota.');
  responses['500'] = errorResponse('Server error.');
  responses['503'] = errorResponse('A service the call needs is unavailable for now: try again later.');
  responses['504'] = errorResponse('The call ran out of time: it may or may not have been carried out.');
  const body = requestBody(route);
  const parameterList = [
    ...parameters(contract.params, 'path', route),
    ...parameters(contract.query, 'query', route),
  ];
  return {
    operationId: functionIdFor(route),
    tags: [contract.path.split('/')[2] ?? 'api'],
    summary: contract.key,
    'x-access': route.access,
    security: security(route),
    ...(parameterList.length ? { parameters: parameterList } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The OpenAPI document of `routes` (the route table) with the contract's schemas. */
export function openApiDocument(routes: readonly HttpRoute[] = httpRoutes): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const byPath = ({ contract: a }: HttpRoute, { contract: b }: HttpRoute) =>
    a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
  for (const route of [...routes].sort(byPath))
    (paths[route.contract.path] ??= {})[route.contract.method.toLowerCase()] = operation(route);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return {
    openapi: '3.1.0',
    info: {
      title: 'みんなのクイズ API',
      version,
      description:
        'Generated from functions/routes.ts and shared/contract by `npm run docs:openapi`; do not edit by hand. Same origin as the web app: cookies for the session, the CSRF token cookie echoed in a header on unsafe methods.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ApiError: errorSchema },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: COOKIE_NAMES.session },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `The value of the ${COOKIE_NAMES.csrf} cookie; the Origin header must be the site's.`,
        },
      },
    },
  };
}

/** The document as it is checked in: formatted by the repository's Prettier settings. */
export async function renderOpenApi(): Promise<string> {
  // Loaded here only: the local gateway serves the document without formatting it.
  const { format, resolveConfig } = await import('prettier');
  const config = (await resolveConfig(OPENAPI_PATH)) ?? {};
  return format(JSON.stringify(openApiDocument()), { ...config, parser: 'json' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(OPENAPI_PATH, await renderOpenApi());
  console.log(`wrote ${OPENAPI_PATH}`);
}
