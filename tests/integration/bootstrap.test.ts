import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { getConfig } from '@functions/lib/config';
import { TABLE } from '@functions/data/table';
import { ensureTable } from '../../scripts/local/bootstrap';

/** A local table made by an older version (fewer indexes, no TTL) is brought up to date on start. */
it('adds the indexes and TTL the table definition gained, and then has nothing left to do', async () => {
  const client = new DynamoDBClient({
    endpoint: getConfig().endpoints.dynamodb,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const tableName = `old-${randomUUID()}`;
  const [firstIndex] = TABLE.indexes;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: firstIndex.partitionKey, AttributeType: 'S' },
        { AttributeName: firstIndex.sortKey, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: firstIndex.name,
          KeySchema: [
            { AttributeName: firstIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: firstIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );

  const changes = await ensureTable(client, tableName);
  expect(changes).toEqual([
    'enabled the table stream (NEW_AND_OLD_IMAGES)',
    ...TABLE.indexes.slice(1).map((index) => `added index ${index.name}`),
    'enabled TTL',
  ]);
  const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!;
  expect(table.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
    TABLE.indexes.map((index) => index.name).sort(),
  );
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  expect(ttl.TimeToLiveDescription?.AttributeName).toBe(TABLE.ttlAttribute);

  expect(await ensureTable(client, tableName)).toEqual([]);
  client.destroy();
});
