import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../../scripts/local/dynamodb';
import { onFreePort } from '../../scripts/local/ports';
import { startS3 } from '../../scripts/local/s3';
import { startSes } from '../../scripts/local/ses';
import { TEST_WORKERS } from './workers';

export interface Emulators {
  /** One DynamoDB Local a worker (`workerDynamoDb` picks a file's). */
  dynamodb: string[];
  s3: string;
  ses: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: Emulators;
  }
}

/**
 * Starts the emulators once for a project, on free ports, in memory: a DynamoDB Local for each
 * worker (tests/support/workers.ts), one S3 and one SES.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'quiz-it-'));
  const [dynamodbs, s3, ses] = await Promise.all([
    Promise.all(Array.from({ length: TEST_WORKERS }, () => onFreePort((port) => startDynamoDb({ port })))),
    onFreePort((port) => startS3({ port, directory })),
    onFreePort((port) => startSes({ port })),
  ]);
  project.provide('emulators', {
    dynamodb: dynamodbs.map((dynamodb) => dynamodb.endpoint),
    s3: s3.endpoint,
    ses: ses.endpoint,
  });
  return async () => {
    await Promise.all([...dynamodbs.map((dynamodb) => dynamodb.stop()), s3.stop(), ses.stop()]);
    rmSync(directory, { recursive: true, force: true });
  };
}
