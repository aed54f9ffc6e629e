import type { APIGatewayRequestAuthorizerEvent, APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { authorizerAnswer, fromCloudFront, ORIGIN_SECRET_HEADER } from './origin-authorizer';

/** Requests that did not come through CloudFront (and so past the WAF) are refused by both APIs. */
const SECRET = 'b6S7x1QmV0d9kR2pZt4Lw8Ny3Hc5Jf0A';

const httpRequest = (headers: Record<string, string>) =>
  ({
    type: 'REQUEST',
    version: '2.0',
    routeArn: 'arn:route',
    headers,
  }) as unknown as APIGatewayRequestAuthorizerEventV2;
const connect = (headers: Record<string, string>) =>
  ({ type: 'REQUEST', methodArn: 'arn:connect', headers }) as unknown as APIGatewayRequestAuthorizerEvent;

describe('origin authorizer', () => {
  it('lets through what CloudFront forwarded, and nothing sent to the API directly', () => {
    expect(fromCloudFront(httpRequest({ [ORIGIN_SECRET_HEADER]: SECRET }), SECRET)).toBe(true);
    expect(fromCloudFront(connect({ 'X-Origin-Verify': SECRET }), SECRET)).toBe(true);
    for (const headers of [
      {},
      { [ORIGIN_SECRET_HEADER]: '' },
      { [ORIGIN_SECRET_HEADER]: SECRET.slice(1) },
    ] as Record<string, string>[])
      expect(fromCloudFront(httpRequest(headers), SECRET)).toBe(false);
    expect(fromCloudFront(httpRequest({ [ORIGIN_SECRET_HEADER]: '' }), '')).toBe(false);
  });

  it('answers the HTTP API simply and a WebSocket $connect with a policy', () => {
    expect(authorizerAnswer(httpRequest({}), false)).toEqual({ isAuthorized: false });
    expect(authorizerAnswer(connect({}), true)).toMatchObject({
      policyDocument: {
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:connect' }],
      },
    });
    expect(authorizerAnswer(connect({}), false)).toMatchObject({
      policyDocument: { Statement: [{ Effect: 'Deny' }] },
    });
  });
});
