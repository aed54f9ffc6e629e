import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DYNAMODB_ATTEMPTS, localDynamoDbRetry } from '../lib/aws-clients';

/**
 * DynamoDB Local's lock timeout, as it answers it: a 500 that says it would have worked in AWS. A
 * fake endpoint answers it to each call's first `failures` tries, then an empty item.
 */
const LOCK_TIMEOUT = {
  __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
  message:
    'The request processing has failed because of an unknown error, exception or failure. This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB API',
};

let server: Server;
let endpoint: string;
const triesByCall = new Map<string, number>();
let failures = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const call = (JSON.parse(body) as { Key: { pk: { S: string } } }).Key.pk.S;
      const tries = (triesByCall.get(call) ?? 0) + 1;
      triesByCall.set(call, tries);
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      if (tries <= failures) {
        response.statusCode = 500;
        response.end(JSON.stringify(LOCK_TIMEOUT));
      } else response.end('{}');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => server.close(closed)));

const client = (retryStrategy?: ReturnType<typeof localDynamoDbRetry>) =>
  new DynamoDBClient({
    region: 'ap-northeast-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(retryStrategy ? { retryStrategy } : { maxAttempts: LOCAL_DYNAMODB_ATTEMPTS }),
  });

const thirtyAtOnce = (dynamodb: DynamoDBClient, run: string) =>
  Promise.allSettled(
    Array.from({ length: 30 }, (_, index) =>
      dynamodb.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: `${run}-${index}` } } })),
    ),
  );

describe('calls to DynamoDB Local', () => {
  it('get through 30 parallel calls that each meet the lock timeout 6 times, where the SDK’s quota gives up', async () => {
    failures = 6;
    // The SDK's standard retry with as many attempts: its shared quota runs out and calls fail.
    const standard = await thirtyAtOnce(client(), 'standard');
    expect(standard.some((result) => result.status === 'rejected')).toBe(true);
    // The local retry (no delay here: the count is what is looked at).
    const local = await thirtyAtOnce(client(localDynamoDbRetry(LOCAL_DYNAMODB_ATTEMPTS, 0, 0)), 'local');
    expect(local.filter((result) => result.status === 'rejected')).toEqual([]);
  });

  it('stops after its attempts and never retries what is not transient', async () => {
    failures = LOCAL_DYNAMODB_ATTEMPTS;
    const [result] = await thirtyAtOnce(client(localDynamoDbRetry(LOCAL_DYNAMODB_ATTEMPTS, 0, 0)), 'cap');
    expect(result?.status).toBe('rejected');
    expect(triesByCall.get('cap-0')).toBe(LOCAL_DYNAMODB_ATTEMPTS);
    const strategy = localDynamoDbRetry();
    const first = await strategy.acquireInitialRetryToken();
    await expect(strategy.refreshRetryTokenForRetry(first, { errorType: 'CLIENT_ERROR' })).rejects.toThrow();
    const retry = await strategy.refreshRetryTokenForRetry(first, { errorType: 'TRANSIENT' });
    expect(retry.getRetryCount()).toBe(1);
    expect(retry.getRetryDelay()).toBeLessThanOrEqual(200);
  });
});
