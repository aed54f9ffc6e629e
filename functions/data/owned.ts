import { getConfig } from '../lib/config';
import { queryAll } from './paginate';

/**
 * Everything of one kind a user owns, through the byOwner index (`gsi2pk = USER#<id>`,
 * `gsi2sk` beginning with `kind`), all pages.
 */
export function queryOwned<T = Record<string, unknown>>(
  userId: string,
  kind: string,
  options: { newestFirst?: boolean; projection?: string } = {},
): Promise<T[]> {
  return queryAll<T>({
    TableName: getConfig().tableName,
    IndexName: 'byOwner',
    KeyConditionExpression: 'gsi2pk = :owner AND begins_with(gsi2sk, :kind)',
    ExpressionAttributeValues: { ':owner': `USER#${userId}`, ':kind': kind },
    ScanIndexForward: !options.newestFirst,
    ...(options.projection ? { ProjectionExpression: options.projection } : {}),
  });
}
