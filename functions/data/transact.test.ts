import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { NotFoundError, toAppError } from '../lib/errors';
import { ConditionsFailed, TransactionBusy } from './errors';
import { RETRY } from './retry';
import { transactWrite, type NamedItem } from './transact';

/**
 * The transaction helper's fault paths, which DynamoDB Local cannot produce on demand: conflicts
 * with other transactions, throttling, and cancellations decoded by item name.
 */
const dynamodb = mockClient(DynamoDBDocumentClient);

const cancelled = (...codes: (string | { Code: string; Item?: Record<string, unknown> })[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((code) =>
      typeof code === 'string'
        ? { Code: code }
        : { Code: code.Code, ...(code.Item ? { Item: marshall(code.Item) } : {}) },
    ),
  });

const items: NamedItem[] = [
  { Put: { Item: { pk: 'A', sk: 'A' } }, name: 'first' },
  { Update: { Key: { pk: 'B', sk: 'B' }, UpdateExpression: 'SET n = :n' }, name: 'quota' },
  { ConditionCheck: { Key: { pk: 'C', sk: 'C' }, ConditionExpression: 'x' } },
];

describe('transactWrite', () => {
  beforeAll(() => {
    process.env.STAGE ??= 'test';
    process.env.TABLE_NAME = 'transact-test';
    // No waiting between tries: the retry count is what these tests look at, not the clock.
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => dynamodb.reset());
  afterAll(() => {
    dynamodb.restore();
    vi.restoreAllMocks();
  });

  it('sends the items to the table without their names, once, when nothing stands in the way', async () => {
    dynamodb.on(TransactWriteCommand).resolves({});
    await transactWrite(items);
    const calls = dynamodb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.TransactItems).toEqual([
      { Put: { TableName: 'transact-test', Item: { pk: 'A', sk: 'A' } } },
      { Update: { TableName: 'transact-test', Key: { pk: 'B', sk: 'B' }, UpdateExpression: 'SET n = :n' } },
      { ConditionCheck: { TableName: 'transact-test', Key: { pk: 'C', sk: 'C' }, ConditionExpression: 'x' } },
    ]);
  });

  it('tries again when another transaction or throttling got in the way', async () => {
    dynamodb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None'))
      .rejectsOnce(cancelled('ThrottlingError', 'None', 'None'))
      .resolves({});
    await transactWrite(items);
    expect(dynamodb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('gives up after the policy’s tries, answered 409 with the Japanese busy message', async () => {
    dynamodb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None', 'None'));
    const error = await transactWrite(items).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionBusy);
    expect(toAppError(error)?.status).toBe(409);
    expect(toAppError(error)?.message).toBe(MESSAGES.busy);
    expect(dynamodb.commandCalls(TransactWriteCommand)).toHaveLength(RETRY.attempts);
  });

  it('reports failed conditions by item name (unnamed items by position), never retrying them', async () => {
    dynamodb
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    const error = await transactWrite(items).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConditionsFailed);
    expect((error as ConditionsFailed).has('quota')).toBe(true);
    expect((error as ConditionsFailed).has('#2')).toBe(true);
    expect((error as ConditionsFailed).has('first')).toBe(false);
    expect(toAppError(error)?.status).toBe(409);
    expect(dynamodb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws what a failed item says its failure means, with the item as it stood', async () => {
    const seen: unknown[] = [];
    const explained: NamedItem[] = [
      items[0]!,
      {
        ...items[1]!,
        onConditionFailed: (current) => {
          seen.push(current);
          return new NotFoundError('クイズが見つかりません');
        },
      },
    ];
    dynamodb
      .on(TransactWriteCommand)
      .rejects(cancelled('None', { Code: 'ConditionalCheckFailed', Item: { pk: 'B', sk: 'B', n: 3 } }));
    await expect(transactWrite(explained)).rejects.toThrow(NotFoundError);
    expect(seen).toEqual([{ pk: 'B', sk: 'B', n: 3 }]);
  });

  it('passes on failures that are not cancellations, and cancellations no retry can fix', async () => {
    dynamodb.on(TransactWriteCommand).rejectsOnce(new Error('network down'));
    await expect(transactWrite(items)).rejects.toThrow('network down');
    dynamodb.reset();
    dynamodb.on(TransactWriteCommand).rejects(cancelled('ValidationError', 'None', 'None'));
    await expect(transactWrite(items)).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(dynamodb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
