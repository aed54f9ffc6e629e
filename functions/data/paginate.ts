import {
  QueryCommand,
  ScanCommand,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { tableName } from './db';
import { TABLE, type IndexDefinition } from './table';

/**
 * The one paginator. DynamoDB answers a Query or Scan one page (at most 1 MB) at a time; every
 * read of more than one item goes through here, so no caller stops at the first page by mistake
 * or writes its own `LastEvaluatedKey` loop.
 */

/** A Query by key: one partition of the table or of an index, optionally one kind of item in it. */
export type KeyQuery = Omit<
  QueryCommandInput,
  'TableName' | 'IndexName' | 'KeyConditionExpression' | 'ScanIndexForward' | 'ExclusiveStartKey' | 'Limit'
> & {
  /** The index to read (a constant of `INDEX`); the table itself when absent. */
  index?: IndexDefinition;
  /** The partition key value. */
  partition: string;
  /** Only items whose sort key begins with this (an entity's `skPrefix()` or `ownerPrefix()`). */
  beginsWith?: string;
  /** Only items whose sort key sorts before this (a collection ordered by day: those due by a day); not with `beginsWith`. */
  before?: string;
  /** Only items whose sort key is from the first to the second, both included (a kind's items after a day); alone. */
  between?: readonly [string, string];
  /** Descending sort key order (newest first for time-ordered keys). */
  newestFirst?: boolean;
};

export interface PageOptions {
  /** Stop once this many items are read (the last page is asked for no more than that). */
  maxItems?: number;
  /** The `Limit` of page `n` (from 0); DynamoDB's own page size (1 MB) when absent. */
  pageSize?: (page: number) => number;
}

function queryInput(query: KeyQuery): QueryCommandInput {
  const { index, partition, beginsWith, before, between, newestFirst, ExpressionAttributeValues, ...rest } =
    query;
  const partitionKey = index?.partitionKey ?? TABLE.partitionKey;
  const sortKey = index?.sortKey ?? TABLE.sortKey;
  return {
    ...rest,
    TableName: tableName(),
    ...(index ? { IndexName: index.name } : {}),
    KeyConditionExpression:
      beginsWith !== undefined
        ? `${partitionKey} = :partition AND begins_with(${sortKey}, :kind)`
        : before !== undefined
          ? `${partitionKey} = :partition AND ${sortKey} < :before`
          : between !== undefined
            ? `${partitionKey} = :partition AND ${sortKey} BETWEEN :from AND :to`
            : `${partitionKey} = :partition`,
    ExpressionAttributeValues: {
      ...ExpressionAttributeValues,
      ':partition': partition,
      ...(beginsWith === undefined ? {} : { ':kind': beginsWith }),
      ...(beginsWith === undefined && before !== undefined ? { ':before': before } : {}),
      ...(beginsWith === undefined && before === undefined && between !== undefined
        ? { ':from': between[0], ':to': between[1] }
        : {}),
    },
    ...(newestFirst ? { ScanIndexForward: false } : {}),
  };
}

type Page = { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> };

async function* pages<T>(
  read: (limit: number | undefined, cursor: Record<string, unknown> | undefined) => Promise<Page>,
  options: PageOptions,
): AsyncGenerator<T[]> {
  const maxItems = options.maxItems ?? Infinity;
  let cursor: Record<string, unknown> | undefined;
  let items = 0;
  for (let page = 0; items < maxItems; page++) {
    const size = Math.min(options.pageSize?.(page) ?? Infinity, maxItems - items);
    const result = await read(Number.isFinite(size) ? size : undefined, cursor);
    const found = (result.Items ?? []) as T[];
    items += found.length;
    yield found;
    cursor = result.LastEvaluatedKey;
    if (!cursor) return;
  }
}

/** The pages of a Query, one array of items each; stop early by leaving the loop. */
export function queryPages<T = Record<string, unknown>>(
  query: KeyQuery,
  options: PageOptions = {},
): AsyncGenerator<T[]> {
  const input = queryInput(query);
  return pages<T>(
    (Limit, ExclusiveStartKey) =>
      dynamo().send(new QueryCommand({ ...input, ...(Limit ? { Limit } : {}), ExclusiveStartKey })),
    options,
  );
}

/** Every item a Query matches (up to `maxItems`), all pages. */
export async function queryAll<T = Record<string, unknown>>(
  query: KeyQuery,
  options: PageOptions = {},
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages<T>(query, options)) items.push(...page);
  return items;
}

/** The pages of a Scan. Never on a request path (docs/brief/ARCHITECTURE.md §5): migrations and operator scripts only. */
export function scanPages<T = Record<string, unknown>>(
  scan: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  options: PageOptions = {},
): AsyncGenerator<T[]> {
  return pages<T>(
    (Limit, ExclusiveStartKey) =>
      dynamo().send(
        new ScanCommand({ ...scan, TableName: tableName(), ...(Limit ? { Limit } : {}), ExclusiveStartKey }),
      ),
    options,
  );
}
