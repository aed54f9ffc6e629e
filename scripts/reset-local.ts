import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertPortFree } from './local/ports';

/** `npm run reset-local`: deletes the local data (`.data/`); the next `npm run dev` recreates and reseeds it. */
const dataDir = resolve(process.env.LOCAL_DATA_DIR ?? '.data');
try {
  await assertPortFree(Number(process.env.DYNAMODB_PORT ?? 8000), 'DynamoDB Local');
} catch {
  console.error('npm run dev が動いているようです。停止してから実行してください。');
  process.exit(1);
}
if (existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`${dataDir} を削除しました。次の npm run dev で作り直します。`);
} else {
  console.log('ローカルデータはありません。');
}
