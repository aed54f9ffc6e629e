import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startTestGateway } from '../support/gateway';
import { rawGet } from '../support/raw-http';

/**
 * The local gateway in Vite mode serves the web app and nothing else of the repository: not the
 * database file, not server source, not `.env` files, however the path is spelled.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** Names the planted files (error pages may echo a path back, so this is not the secret). */
const NAME = `security-test-${randomUUID()}`;
/** What the planted files hold: no answer may contain it. */
const MARKER = `secret-${randomUUID()}`;
const secrets = {
  database: join(ROOT, `.data/${NAME}/shared-local-instance.db`),
  rootEnv: join(ROOT, `.env.${NAME}`),
  webEnv: join(ROOT, `web/.env.${NAME}`),
  webDb: join(ROOT, `web/public/${NAME}.db`),
};
/** A line only each of these server files has: none may appear in any answer. */
const SOURCE_MARKERS = [
  ['functions/routes.ts', 'export const httpRoutes'],
  ['scripts/local/gateway.ts', 'export async function startGateway'],
  ['infra/app.ts', 'const app = new App()'],
].map(([file, line]) => {
  if (!readFileSync(join(ROOT, file!), 'utf8').includes(line!))
    throw new Error(`${file} no longer has ${line}`);
  return line!;
});

let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let port: number;

beforeAll(async () => {
  mkdirSync(join(secrets.database, '..'), { recursive: true });
  for (const file of Object.values(secrets)) writeFileSync(file, `${MARKER}\n`);
  gateway = await startTestGateway({ web: 'vite' });
  port = Number(new URL(gateway.url).port);
});
afterAll(async () => {
  await gateway?.stop();
  rmSync(join(secrets.database, '..'), { recursive: true, force: true });
  for (const file of Object.values(secrets)) rmSync(file, { force: true });
});

const at = (path: string) => `/@fs${ROOT}/${path}`;

describe('what the dev server serves', () => {
  const refused: string[] = [
    at(`.data/${NAME}/shared-local-instance.db`),
    at(`.env.${NAME}`),
    `/.env.${NAME}`,
    at(`web/.env.${NAME}`),
    `/${NAME}.db`,
    at(`web/public/${NAME}.db`),
    at('functions/routes.ts'),
    at('scripts/local/gateway.ts'),
    at('infra/app.ts'),
    '/functions/routes.ts',
    '/../functions/routes.ts',
    '/../../etc/passwd',
    '/%2e%2e/functions/routes.ts',
    '/src/%2e%2e/%2e%2e/functions/routes.ts',
    at('web/../functions/routes.ts'),
    at('web/%2e%2e/functions/routes.ts'),
    at('web/src/..%2f..%2ffunctions/routes.ts'),
    at('shared/../functions/routes.ts'),
    `/@fs${ROOT}//functions/routes.ts`,
    `/@id${ROOT}/functions/routes.ts`,
    '/@fs/etc/passwd',
    '/@fs/proc/self/environ',
  ];
  const variants = ['', '?raw', '?import', '?url', '?raw&import', '?import&raw', '?inline', '?worker_file'];

  it.each(refused)('does not hand out %s (any query)', async (path) => {
    for (const query of variants) {
      const answer = await rawGet(port, `${path}${query}`);
      const leak = [MARKER, ...SOURCE_MARKERS, 'root:x:0:0', 'PATH='].find((secret) =>
        answer.body.includes(secret),
      );
      expect(leak, `${path}${query} → ${answer.status}`).toBeUndefined();
    }
  });

  it('still serves the app: its page, its modules, the shared code it imports and Vite client', async () => {
    const page = await fetch(`${gateway.url}/quiz-search`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/src/main.tsx');
    for (const path of ['/src/main.tsx', '/@vite/client', at('shared/messages.ts'), '/favicon.svg']) {
      const answer = await fetch(`${gateway.url}${path}`);
      expect(answer.status, path).toBe(200);
    }
  });
});
