import { performance } from 'node:perf_hooks';
import { DEFAULT_PORTS, startLocalStack, type LocalStack } from './local/stack';

/**
 * `npm run dev`: the whole app on this machine (see docs/brief/ARCHITECTURE.md §2), on 127.0.0.1 only. Ports
 * and the app URL come from PORT, LOCAL_CONTROL_PORT, DYNAMODB_PORT, S3_PORT, SES_PORT, STRIPE_PORT and
 * APP_URL; data lives in `.data/` (`npm run reset-local` empties it). Ctrl-C stops every child
 * process, Java included. The stack stops on an uncaught error: the local services handle every
 * client error (a reset socket, a cut-off body, an oversized frame) where it happens.
 */
const startedAt = performance.now();
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

let stack: LocalStack | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\n停止しています...');
  await stack?.stop().catch((error: unknown) => console.error(error));
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('uncaughtException', (error) => {
  console.error('予期しないエラー:', error);
  void shutdown(1);
});
process.on('unhandledRejection', (error) => {
  console.error('予期しないエラー:', error);
  void shutdown(1);
});

try {
  stack = await startLocalStack({
    port: port('PORT', DEFAULT_PORTS.port),
    controlPort: port('LOCAL_CONTROL_PORT', DEFAULT_PORTS.controlPort),
    dynamoDbPort: port('DYNAMODB_PORT', DEFAULT_PORTS.dynamoDbPort),
    s3Port: port('S3_PORT', DEFAULT_PORTS.s3Port),
    sesPort: port('SES_PORT', DEFAULT_PORTS.sesPort),
    stripePort: port('STRIPE_PORT', DEFAULT_PORTS.stripePort),
    dataDir: process.env.LOCAL_DATA_DIR ?? '.data',
    ...(process.env.APP_URL ? { appUrl: process.env.APP_URL } : {}),
    web: process.env.LOCAL_WEB === 'static' ? 'static' : 'vite',
    log: (line) => console.log(`  ${line}`),
  });
  stack.gateway.server.on('close', () => void shutdown(0));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`
  みんなのクイズ — ローカル環境が起動しました (${seconds} 秒)

  アプリ        ${stack.appUrl}
  メール確認    ${stack.mailViewerUrl}
  DynamoDB      ${stack.endpoints.dynamodb}  (テーブル ${stack.tableName})
  S3            ${stack.endpoints.s3}  (バケット ${stack.bucket})
  決済 (テスト)  ${stack.endpoints.stripe}  (テストクロック・Webhook 配信)

  停止: Ctrl-C
`);
  console.log('READY');
} catch (error) {
  console.error('起動に失敗しました:', error instanceof Error ? error.message : error);
  await shutdown(1);
}
