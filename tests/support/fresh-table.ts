import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RVER_KEY } from '@functions/lib/aws-clients';
import { resetConfigForTests } from '@functions/lib/config';
import { ensureBucket, ensureTable } from '../../scripts/local/bootstrap';
import { assertLocalEndpoint } from './local-endpoint';
import { workerDynamoDb } from './workers';

/**
 * Runs before each integration test file: a fresh table (and bucket) with a unique name, and the
 * environment the handlers read, pointing at the local emulators only.
 */
const emulators = inject('emulators');
const dynamodb = workerDynamoDb(emulators.dynamodb);
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
