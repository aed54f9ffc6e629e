import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { tableName } from './db';
import type { ItemKey } from './keys';
import { backoffMs, pause, RETRY } from './retry';

export type { ItemKey } from './keys';

/** DynamoDB's limits per call: 100 keys for BatchGetItem, 25 requests for BatchWriteItem. */
const GET_BATCH = 100;
const WRITE_BATCH = 25;

/**
 * Runs one batch call until DynamoDB has processed all of it: what it leaves unprocessed
 * (throttling, the 16 MB answer limit) is sent again under the one retry policy (retry.ts).
 */
async function untilProcessed<Request>(
  first: Request[],
  send: (requests: Request[]) => Promise<Request[]>,
): Promise<void> {
  let pending = first;
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > RETRY.attempts)
      throw new Error(
        `DynamoDB left ${pending.length} batch requests unprocessed after ${RETRY.attempts} tries`,
      );
    if (attempt > 1) await pause(backoffMs(attempt - 1));
    pending = await send(pending);
  }
}

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, index * size + size),
  );

/** The items found for `keys` (duplicates read once), in no particular order; missing ones are left out. */
export async function batchGetAll<T = Record<string, unknown>>(
  keys: readonly ItemKey[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<T[]> {
  const table = tableName();
  const unique = [...new Map(keys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  const found: T[] = [];
  for (const chunk of chunks(unique, GET_BATCH)) {
    await untilProcessed(
      chunk.map(({ pk, sk }) => ({ pk, sk })),
      async (Keys) => {
        const result = await dynamo().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys,
                ...(options.projection ? { ProjectionExpression: options.projection } : {}),
                ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
                ...(options.consistent ? { ConsistentRead: true } : {}),
              },
            },
          }),
        );
        found.push(...((result.Responses?.[table] ?? []) as T[]));
        return (result.UnprocessedKeys?.[table]?.Keys ?? []) as ItemKey[];
      },
    );
  }
  return found;
}

type WriteRequest = { DeleteRequest: { Key: ItemKey } } | { PutRequest: { Item: Record<string, unknown> } };

async function writeAll(requests: readonly WriteRequest[], parallel: number): Promise<void> {
  const table = tableName();
  const batches = chunks(requests, WRITE_BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, batches.length) }, async () => {
      while (next < batches.length) {
        await untilProcessed(batches[next++]!, async (pending) => {
          const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          return (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
        });
      }
    }),
  );
}

/** Deletes items by key, 25 per request, one request at a time. */
export async function deleteItems(keys: readonly ItemKey[]): Promise<void> {
  await writeAll(
    keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
    1,
  );
}

/**
 * Writes whole items and deletes items by key (no conditions: bulk loads such as the search
 * benchmark's catalogue, the search index), 25 per request, `parallel` requests at a time. No key
 * may be both written and deleted in one call.
 */
export async function writeItems(
  changes: { puts?: readonly Record<string, unknown>[]; deletes?: readonly ItemKey[] },
  parallel = 1,
): Promise<void> {
  await writeAll(
    [
      ...(changes.puts ?? []).map((Item) => ({ PutRequest: { Item } })),
      ...(changes.deletes ?? []).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
    ],
    parallel,
  );
}

/** Writes whole items (no conditions), 25 per request, `parallel` requests at a time. */
export const putItems = (items: readonly Record<string, unknown>[], parallel = 1) =>
  writeItems({ puts: items }, parallel);
