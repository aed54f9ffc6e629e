import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpReply } from './types';

/** A JSON answer as API Gateway takes it; never cached, as every answer is the caller's own. */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  extra: Omit<HttpReply, 'status' | 'body'> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...extra.headers,
    },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body: body === undefined ? '' : JSON.stringify(body),
  };
}
