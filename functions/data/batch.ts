import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { backoffMs, pause } from './retry';

export interface ItemKey {
  pk: string;
  sk: string;
}

/** Deletes items by key, 25 per request, retrying what DynamoDB leaves unprocessed. */
export async function deleteItems(keys: readonly ItemKey[]): Promise<void> {
  const table = getConfig().tableName;
  for (let start = 0; start < keys.length; start += 25) {
    let pending: Record<string, unknown[]> | undefined = {
      [table]: keys
        .slice(start, start + 25)
        .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      if (attempt > 0) await pause(backoffMs(attempt));
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: pending as never }));
      pending = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}
