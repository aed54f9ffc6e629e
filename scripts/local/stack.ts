import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RVER_KEY } from '@functions/lib/aws-clients';
import type { HttpRoute, QueueConsumer, WebSocketRoute } from '@functions/routes';
import { ensureBucket, ensureTable } from './bootstrap';
import { startDynamoDb, stopOrphanDynamoDb, type RunningDynamoDb } from './dynamodb';
import { startGateway, type RunningGateway } from './gateway';
import { assertPortFree, onFreePort } from './ports';
import { startS3, type RunningS3 } from './s3';
import { startSes, type RunningSes } from './ses';
import { startStripeSimulator, type RunningStripeSimulator } from './stripe-simulator';

/**
 * Starts the whole app on this machine: DynamoDB Local, s3rver, aws-ses-v2-local, the payment
 * simulator and the local
 * gateway (API, WebSocket, web; `@connections` and the scheduler on its control port), creates the
 * table and bucket, seeds, and points the in-process handlers at it all through the same
 * environment variables Lambda gets in AWS. Every service listens on 127.0.0.1 only.
 */
export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. */
  port: number;
  /** The gateway's control port (`@connections`, SQS), for the functions only; 0 picks a free one. */
  controlPort: number;
  dynamoDbPort: number;
  s3Port: number;
  sesPort: number;
  /** The payment simulator (Stripe's API, its checkout page, webhooks, the test clock). */
  stripePort: number;
  /** Keeps data under this folder; `undefined` uses memory and a temporary folder (tests, benchmarks). */
  dataDir?: string;
  appUrl?: string;
  web: 'vite' | 'static' | 'none';
  /** See `GatewayOptions.viteCache` (test files that run side by side take their own). */
  viteCache?: 'shared' | 'own';
  /** The built SPA that `static` serves (default `web/dist`). */
  webDist?: string;
  tableName?: string;
  bucket?: string;
  httpRoutes?: readonly HttpRoute[];
  webSocketRoutes?: readonly WebSocketRoute[];
  queueConsumers?: readonly QueueConsumer[];
  /** See `GatewayOptions.functionTimeoutScale` (tests give their functions more time). */
  functionTimeoutScale?: number;
  log?: (line: string) => void;
}

export interface LocalStack {
  appUrl: string;
  mailViewerUrl: string;
  endpoints: { dynamodb: string; s3: string; ses: string; stripe: string };
  stripe: RunningStripeSimulator;
  tableName: string;
  bucket: string;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

export const DEFAULT_PORTS = {
  port: 3000,
  controlPort: 3001,
  dynamoDbPort: 8000,
  s3Port: 4569,
  sesPort: 8005,
  stripePort: 12111,
} as const;

/** Every service on a port the system picks (tests and the bench run beside `npm run dev`). */
export const FREE_PORTS = {
  port: 0,
  controlPort: 0,
  dynamoDbPort: 0,
  s3Port: 0,
  sesPort: 0,
  stripePort: 0,
} as const satisfies Record<keyof typeof DEFAULT_PORTS, number>;

const localDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  if (options.dataDir) stopOrphanDynamoDb(join(options.dataDir, 'dynamodb'));
  // A port given is checked now, for a clear message; a free one (0) is taken by the server itself
  // as it starts (an emulator on another free port when it lost a race for the first), never
  // chosen first and bound later, when another stack on this machine may have taken it.
  for (const [givenPort, what] of [
    [options.port, 'アプリ'],
    [options.controlPort, 'ゲートウェイ制御'],
    [options.dynamoDbPort, 'DynamoDB Local'],
    [options.s3Port, 'S3'],
    [options.sesPort, 'SES'],
    [options.stripePort, '決済シミュレーター'],
  ] as const)
    if (givenPort !== 0) await assertPortFree(givenPort, what);
  const startOn = <T>(emulatorPort: number, start: (port: number) => Promise<T>) =>
    emulatorPort === 0 ? onFreePort(start) : start(emulatorPort);
  const tableName = options.tableName ?? 'quiz-local';
  const bucket = options.bucket ?? 'quiz-local-materials';
  // Questions' pictures, served by the gateway under /quiz-images/ as CloudFront does.
  const quizImagesBucket = `${bucket}-images`;
  const temporary = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'quiz-local-'));
  const dataDir = options.dataDir ? resolve(options.dataDir) : temporary!;

  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => console.error(error));
    stoppers.length = 0;
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  };

  try {
    // allSettled: when one emulator fails, the others have still started and must be stopped too.
    const started = await Promise.allSettled([
      startOn(options.dynamoDbPort, (dynamoDbPort) =>
        startDynamoDb({
          port: dynamoDbPort,
          ...(options.dataDir ? { dataDir: join(dataDir, 'dynamodb') } : {}),
        }),
      ),
      startOn(options.s3Port, (s3Port) => startS3({ port: s3Port, directory: join(dataDir, 's3') })),
      startOn(options.sesPort, (sesPort) => startSes({ port: sesPort })),
      startOn(options.stripePort, (stripePort) =>
        startStripeSimulator({
          port: stripePort,
          ...(options.dataDir ? { stateFile: join(dataDir, 'stripe-simulator.json') } : {}),
          log: (line) => log(`[決済] ${line}`),
        }),
      ),
    ] as const);
    for (const result of started) if (result.status === 'fulfilled') stoppers.push(result.value.stop);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamoDb, s3, ses, stripe] = started.map(
      (result) => (result as PromiseFulfilledResult<unknown>).value,
    ) as [RunningDynamoDb, RunningS3, RunningSes, RunningStripeSimulator];
    log(
      `DynamoDB Local ${dynamoDb.endpoint}, S3 ${s3.endpoint}, SES ${ses.endpoint}, 決済シミュレーター ${stripe.url}`,
    );

    const dynamoClient = localDynamoDbClient(dynamoDb.endpoint);
    for (const change of await ensureTable(dynamoClient, tableName)) log(change);
    dynamoClient.destroy();

    // The gateway listens before the environment is set: its ports make the app URL and the
    // functions' control endpoints. The functions read the environment at their first call, after.
    let seeded!: () => void;
    const apiReady = new Promise<void>((done) => (seeded = done));
    const gateway = await startGateway({
      apiReady,
      port: options.port,
      controlPort: options.controlPort,
      web: options.web,
      ...(options.viteCache ? { viteCache: options.viteCache } : {}),
      ...(options.webDist ? { webDist: options.webDist } : {}),
      // The browser uploads AI material straight to S3 (presigned POST): allowed by the CSP.
      materialsOrigin: new URL(s3.endpoint).origin,
      ...(options.httpRoutes ? { httpRoutes: options.httpRoutes } : {}),
      ...(options.webSocketRoutes ? { webSocketRoutes: options.webSocketRoutes } : {}),
      ...(options.queueConsumers ? { queueConsumers: options.queueConsumers } : {}),
      ...(options.functionTimeoutScale ? { functionTimeoutScale: options.functionTimeoutScale } : {}),
      tableStream: { endpoint: dynamoDb.endpoint, tableName },
      log,
    });
    stoppers.push(gateway.stop);
    const appUrl = (options.appUrl ?? `http://localhost:${gateway.port}`).replace(/\/$/, '');
    const controlUrl = gateway.controlUrl;

    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: process.env.AWS_REGION ?? 'ap-northeast-1',
      TABLE_NAME: tableName,
      APP_URL: appUrl,
      DYNAMODB_ENDPOINT: dynamoDb.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: ses.endpoint,
      // The gateway's control port: the @connections API and SQS are never on the app port.
      SQS_ENDPOINT: controlUrl,
      TICK_QUEUE_URL: `${controlUrl}/000000000000/tick`,
      WS_MANAGEMENT_ENDPOINT: controlUrl,
      MATERIALS_BUCKET: bucket,
      QUIZ_IMAGES_BUCKET: quizImagesBucket,
      // The functions' Stripe SDK talks to the simulator (its own port, never the app's).
      STRIPE_API_URL: stripe.url,
    });

    const s3Client = new S3Client({
      endpoint: s3.endpoint,
      region: 'ap-northeast-1',
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    if (await ensureBucket(s3Client, bucket, new URL(appUrl).origin)) log(`created bucket ${bucket}`);
    if (await ensureBucket(s3Client, quizImagesBucket)) log(`created bucket ${quizImagesBucket}`);
    s3Client.destroy();

    const { seed } = await import('../seed');
    const created = await seed();
    if (created.categoriesCreated) log(`seeded ${created.categoriesCreated} categories`);
    if (created.accountsCreated) log(`seeded ${created.accountsCreated} demo accounts`);
    if (created.quizzesCreated) log(`seeded ${created.quizzesCreated} sample quizzes`);
    seeded();

    // Events go to the gateway's loopback address, as Stripe would post them to the API.
    stripe.setWebhookUrl(`http://127.0.0.1:${gateway.port}/api/stripe/webhook`);

    return {
      appUrl,
      mailViewerUrl: ses.viewerUrl,
      endpoints: { dynamodb: dynamoDb.endpoint, s3: s3.endpoint, ses: ses.endpoint, stripe: stripe.url },
      stripe,
      tableName,
      bucket,
      gateway,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
