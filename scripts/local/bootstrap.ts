import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { TABLE } from '@functions/data/table';

const keyAttributes = () => {
  const names = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const index of TABLE.indexes) names.add(index.partitionKey).add(index.sortKey);
  return [...names].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const }));
};

const indexSpec = (index: (typeof TABLE.indexes)[number]) => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/**
 * Creates the table from the shared definition, or brings an existing local table up to date:
 * indexes the definition gained are added, TTL is switched on. Returns what it did.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<string[]> {
  const done: string[] = [];
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyAttributes(),
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.indexes.map(indexSpec),
        StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.stream },
      }),
    );
    done.push(`created table ${tableName}`);
  } else {
    // A table made before the search indexer has no stream: the seed's backfill indexes what it holds.
    if (existing.StreamSpecification?.StreamViewType !== TABLE.stream) {
      if (existing.StreamSpecification?.StreamEnabled)
        await client.send(
          new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
        );
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.stream },
        }),
      );
      done.push(`enabled the table stream (${TABLE.stream})`);
    }
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of TABLE.indexes) {
      if (present.has(index.name)) continue;
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: keyAttributes(),
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
        }),
      );
      done.push(`added index ${index.name}`);
    }
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
    done.push('enabled TTL');
  }
  return done;
}

/** Creates the bucket when missing. */
export async function ensureBucket(client: S3Client, bucket: string, appOrigin?: string): Promise<boolean> {
  let created = false;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    created = true;
  }
  // Browsers upload study material straight to the bucket by presigned POST, as in production.
  if (appOrigin) {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [appOrigin],
              AllowedMethods: ['POST'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
  return created;
}
