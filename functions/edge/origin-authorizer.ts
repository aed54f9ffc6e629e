import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';

/**
 * The authorizer of both APIs: a request is let through only when it came through CloudFront,
 * which adds the origin secret as a header to every request it forwards, after the WAF web ACL
 * has passed it. A request sent to the APIs directly (their default endpoints or a domain of their
 * own) has no secret and is refused, so the WAF's rules cannot be gone around.
 */

/** The header CloudFront adds to every request it forwards to the APIs (infra/constructs/web.ts). */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** An HTTP API request (payload 2.0) or a WebSocket `$connect`. */
type AuthorizerEvent = APIGatewayRequestAuthorizerEventV2 | APIGatewayRequestAuthorizerEvent;

/** Whether the request carries the origin secret (compared in constant time). */
export function fromCloudFront(event: AuthorizerEvent, secret: string): boolean {
  const sent = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === ORIGIN_SECRET_HEADER,
  )?.[1];
  if (!sent || !secret) return false;
  const given = Buffer.from(sent);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer API Gateway expects: a simple response for the HTTP API, a policy for `$connect`. */
export function authorizerAnswer(
  event: AuthorizerEvent,
  allowed: boolean,
): APIGatewaySimpleAuthorizerResult | APIGatewayAuthorizerResult {
  if ('routeArn' in event) return { isAuthorized: allowed };
  return {
    principalId: 'cloudfront',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: allowed ? 'Allow' : 'Deny', Resource: event.methodArn },
      ],
    },
  };
}

let secret: Promise<string> | undefined;

/** The origin secret, read from Secrets Manager once per cold start (`ORIGIN_SECRET_ARN`). */
function originSecret(): Promise<string> {
  secret ??= new SecretsManagerClient({})
    .send(new GetSecretValueCommand({ SecretId: process.env.ORIGIN_SECRET_ARN }))
    .then((value) => value.SecretString ?? '')
    .catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
  return secret;
}

export async function handler(event: AuthorizerEvent) {
  return authorizerAnswer(event, fromCloudFront(event, await originSecret()));
}
