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

/** How long a read of the secret is trusted when a request does not match it (a changed secret). */
const SECRET_RECHECK_MS = 60_000;
let cached: { secret: Promise<string>; readAt: number } | undefined;

/** The origin secret from Secrets Manager (`ORIGIN_SECRET_ARN`); `stale`: read again if the last read is a minute old. */
function originSecret(stale = false): Promise<string> {
  if (!cached || (stale && Date.now() - cached.readAt > SECRET_RECHECK_MS)) {
    const secret = new SecretsManagerClient({})
      .send(new GetSecretValueCommand({ SecretId: process.env.ORIGIN_SECRET_ARN }))
      .then((value) => value.SecretString ?? '');
    cached = { secret, readAt: Date.now() };
    // A failed read is not kept: the next request tries again.
    secret.catch(() => {
      if (cached?.secret === secret) cached = undefined;
    });
  }
  return cached.secret;
}

export async function handler(event: AuthorizerEvent) {
  // A request that does not match may carry a secret changed since the last read: read it again
  // (at most once a minute, whatever a stranger sends).
  const allowed =
    fromCloudFront(event, await originSecret()) || fromCloudFront(event, await originSecret(true));
  return authorizerAnswer(event, allowed);
}
