import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/**
 * Everything of one kind a user owns, through the byOwner index (`gsi2pk = USER#<id>`,
 * `gsi2sk` beginning with `kind`), all pages.
 */
export async function queryOwned<T = Record<string, unknown>>(
  userId: string,
  kind: string,
  options: { newestFirst?: boolean; projection?: string } = {},
): Promise<T[]> {
  const items: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        IndexName: 'byOwner',
        KeyConditionExpression: 'gsi2pk = :owner AND begins_with(gsi2sk, :kind)',
        ExpressionAttributeValues: { ':owner': `USER#${userId}`, ':kind': kind },
        ScanIndexForward: !options.newestFirst,
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}
