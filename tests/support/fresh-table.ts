import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RVER_KEY } from '@functions/lib/aws-clients';
import { resetConfigForTests } from '@functions/lib/config';
import { ensureBucket, ensureTable } from '../../scripts/local/bootstrap';
import { startDynamoDb } from '../../scripts/local/dynamodb';
import { onFreePort } from '../../scripts/local/ports';
import { assertLocalEndpoint } from './local-endpoint';

/**
 * Runs before each integration test file: a DynamoDB Local of the file's own with a fresh table,
 * a fresh bucket, and the environment the handlers read, pointing at the local emulators only.
 *
 * A DynamoDB Local of its own, not one shared by the files a worker runs: DynamoDB Local keeps the
 * stream records of every table it ever held (deleting the table keeps them), and each `GetRecords`
 * costs time in proportion to all of them — 165 ms at 100,000 records, measured — while each
 * file's stack polls its stream a few times a second. Shared through a run, the instances spent
 * more CPU than anything else (1,470 of 4,160 s in a fresh `npm test`). One start costs about
 * 2.5 s of CPU.
 */
const emulators = inject('emulators');
const ownDynamoDb = await onFreePort((port) => startDynamoDb({ port }));
afterAll(() => ownDynamoDb.stop());
const dynamodb = ownDynamoDb.endpoint;
const tableName = `test-${randomUUID()}`;
const bucket = `test-${randomUUID()}`;

Object.assign(process.env, {
  STAGE: 'test',
  AWS_REGION: 'ap-northeast-1',
  TABLE_NAME: tableName,
  APP_URL: 'http://localhost:3000',
  DYNAMODB_ENDPOINT: assertLocalEndpoint(dynamodb, 'DynamoDB'),
  S3_ENDPOINT: assertLocalEndpoint(emulators.s3, 'S3'),
  SES_ENDPOINT: assertLocalEndpoint(emulators.ses, 'SES'),
  MATERIALS_BUCKET: bucket,
  QUIZ_IMAGES_BUCKET: `${bucket}-images`,
  // Tests change reference data between requests; the cache itself is tested on its own.
  REFERENCE_CACHE_SECONDS: '0',
  // Suites sign up hundreds of accounts from 127.0.0.1; the per-address limits have their own test.
  PER_IP_RATE_LIMITS: 'off',
});
resetConfigForTests();

const dynamoClient = new DynamoDBClient({
  endpoint: dynamodb,
  region: 'ap-northeast-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
await ensureTable(dynamoClient, tableName);
dynamoClient.destroy();

const s3Client = new S3Client({
  endpoint: emulators.s3,
  region: 'ap-northeast-1',
  forcePathStyle: true,
  credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
});
await ensureBucket(s3Client, bucket);
await ensureBucket(s3Client, `${bucket}-images`);
s3Client.destroy();
