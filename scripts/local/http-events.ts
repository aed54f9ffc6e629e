import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { HttpRoute } from '@functions/routes';
import { VIEWER_ADDRESS_HEADER } from '@shared/api';

/**
 * Builds API Gateway HTTP API (payload format 2.0) events and reads Lambda results the way API
 * Gateway does, so handlers run locally exactly as in AWS.
 */

export interface CompiledRoute {
  route: HttpRoute;
  routeKey: string;
  pattern: RegExp;
  paramNames: string[];
  /** API Gateway prefers the most specific path: more literal segments first. */
  literalSegments: number;
}

export function compileRoute(route: HttpRoute): CompiledRoute {
  const paramNames: string[] = [];
  const segments = route.contract.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        paramNames.push(greedy[1]!);
        return '/(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        paramNames.push(param[1]!);
        return '/([^/]+)';
      }
      return `/${segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return {
    route,
    routeKey: route.contract.key,
    pattern: new RegExp(`^${source}/?$`),
    paramNames,
    literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
  };
}

/** Groups compiled routes by method, most specific first, so matching a request is one short loop. */
export function routeIndex(routes: readonly CompiledRoute[]): Map<string, CompiledRoute[]> {
  const index = new Map<string, CompiledRoute[]>();
  for (const compiled of routes) {
    const { method } = compiled.route.contract;
    const list = index.get(method) ?? [];
    list.push(compiled);
    index.set(method, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.literalSegments - a.literalSegments);
  return index;
}

export function matchRoute(routes: Map<string, CompiledRoute[]>, method: string, path: string) {
  const candidates = routes.get(method) ?? [];
  for (const compiled of candidates) {
    const match = compiled.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    compiled.paramNames.forEach((name, index) => {
      const raw = match[index + 1]!;
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        pathParameters[name] = raw;
      }
    });
    return { compiled, pathParameters };
  }
  return undefined;
}

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

/** The socket's peer, as API Gateway's `sourceIp` gives it (an IPv4-mapped address as IPv4). */
export const clientAddress = (request: IncomingMessage) =>
  request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';

/**
 * Joins repeated headers with commas (as payload 2.0 does) and moves `cookie` to `cookies`; the
 * visitor's address goes in `VIEWER_ADDRESS_HEADER`, over whatever the visitor sent, as
 * CloudFront's viewer-request function writes it in AWS.
 */
export function eventHeaders(request: IncomingMessage) {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!.toLowerCase();
    const value = request.rawHeaders[index + 1]!;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  headers[VIEWER_ADDRESS_HEADER] = clientAddress(request);
  return { headers, cookies };
}

export function buildHttpEvent(input: {
  request: IncomingMessage;
  url: URL;
  body: Buffer;
  routeKey: string;
  pathParameters: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const { request, url, body } = input;
  const { headers, cookies } = eventHeaders(request);
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] =
      queryStringParameters[name] === undefined ? value : `${queryStringParameters[name]},${value}`;
  }
  const text = isTextContentType(headers['content-type']);
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: clientAddress(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: input.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: body.length > 0 && !text,
  };
  if (cookies.length) event.cookies = cookies;
  if (Object.keys(queryStringParameters).length) event.queryStringParameters = queryStringParameters;
  if (Object.keys(input.pathParameters).length) event.pathParameters = input.pathParameters;
  if (body.length) event.body = text ? body.toString('utf8') : body.toString('base64');
  return event;
}

export interface GatewayResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/** Interprets a Lambda result like API Gateway: structured results as given, anything else as 200 JSON. */
export function readHttpResult(result: APIGatewayProxyResultV2 | undefined): GatewayResponse {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : undefined;
  if (!structured) {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result ?? null)),
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  const raw = structured.body ?? '';
  return {
    statusCode: structured.statusCode ?? 200,
    headers,
    cookies: structured.cookies ?? [],
    body: structured.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
  };
}

/** A Lambda context with the pieces handlers and middy use. */
export function lambdaContext(functionName: string, timeoutSeconds: number, requestId: string): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
