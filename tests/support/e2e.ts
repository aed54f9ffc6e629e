import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { FREE_PORTS, startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { launchBrowser } from './browser';
import { FUNCTION_TIMEOUT_SCALE, TEST_LIMITS } from './limits';

export const SCREENSHOTS = join(import.meta.dirname, '../e2e/screenshots');

/**
 * One whole local stack (in memory, free ports, a DynamoDB Local of its own: see
 * tests/support/fresh-table.ts for why not one shared by the files) and one headless Chromium per
 * e2e test file. The stack serves the SPA built once for the
 * project (tests/support/web-build.ts), or Vite's development server with `web: 'vite'` (with a
 * dependency cache of its own: the files run side by side). Use the returned getters inside tests.
 */
export function useE2EStack(options: { web: 'static' | 'vite' } = { web: 'static' }) {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [stack, browser] = await Promise.all([
      startLocalStack({
        ...FREE_PORTS,
        tableName: `quiz-e2e-${randomUUID()}`,
        ...(options.web === 'vite'
          ? { web: 'vite' as const, viteCache: 'own' as const }
          : { web: 'static' as const, webDist: inject('webDist') }),
        functionTimeoutScale: FUNCTION_TIMEOUT_SCALE,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    stack: () => stack!,
    browser: () => browser!,
  };
}

/** Signs in through the login page and waits for the home page. */
export async function logIn(page: Page, appUrl: string, username: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('ユーザー名').fill(username);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${appUrl}/`).catch(async (error: unknown) => {
    await page.screenshot({ path: join(SCREENSHOTS, 'login-failed.png') });
    throw new Error(`login did not reach home (at ${page.url()})`, { cause: error });
  });
}

/**
 * The newest link to `path` in mail sent to `address`, read from the local mail viewer's store,
 * waiting until the mail is there. A mail that never comes fails a minute before the test's limit,
 * naming what it waited for and what the address did get (the limit alone says only "timed out").
 */
export async function mailLink(mailViewerUrl: string, address: string, path: string): Promise<string> {
  const giveUpAt = Date.now() + TEST_LIMITS.e2e.test - 60_000;
  for (;;) {
    const store = (await (await fetch(`${mailViewerUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text?: string } }[];
    };
    const mails = store.emails.filter((mail) => mail.destination.to.includes(address));
    const match = mails.length
      ? new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(mails.at(-1)!.body.text ?? '')
      : null;
    if (match) return match[0];
    if (Date.now() > giveUpAt)
      throw new Error(
        `no mail to ${address} with a ${path} link; its newest of ${mails.length}: ${mails.at(-1)?.body.text ?? '(none)'}`,
      );
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Waits for `expected`, or fails at once with the text of an alert the page shows instead (a form
 * the server refused, a link that did not work): a journey that went wrong says where, rather than
 * waiting for the test's limit.
 */
export async function waitForOrAlert(page: Page, expected: Locator): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });
  await expected.or(alert).first().waitFor();
  if (await expected.first().isVisible()) return;
  throw new Error(
    `waited for ${expected.toString()}; the page says: ${(await alert.allTextContents()).join(' / ')}`,
  );
}

/**
 * Waits until the page holds its CSRF cookie: it comes with the SPA's first API answer, which a page
 * just loaded may still be waiting for, and an unsafe call without it is refused (403).
 */
async function waitForCsrf(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.cookie.split('; ').some((c) => c.startsWith('csrf_token=')),
    null,
    {
      timeout: 0,
    },
  );
}

/** What a call made by the page sends: JSON, or one file as the multipart field `file`. */
type PageBody = { json: unknown } | { file: { data: number[]; fileName: string } };

/**
 * A call made by the page itself (its cookies, its CSRF token), as the app makes it: for setting up
 * what a journey needs without clicking through it. Answers the JSON body; throws on a non-OK answer.
 */
async function fetchAsPage<T>(page: Page, method: string, path: string, body: PageBody): Promise<T> {
  if (method !== 'GET') await waitForCsrf(page);
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('csrf_token='))
        ?.split('=')[1];
      const headers: Record<string, string> = csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {};
      let payload: BodyInit | undefined;
      if ('json' in body) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body.json);
      } else {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(body.file.data)]), body.file.fileName);
        payload = form;
      }
      const response = await fetch(path, { method, headers, body: payload });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as unknown;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A JSON call made by the page itself (see `fetchAsPage`). */
export const callAsPage = <T>(page: Page, method: string, path: string, body: unknown): Promise<T> =>
  fetchAsPage<T>(page, method, path, { json: body });

/** Sends `bytes` as the multipart field `file` of `POST path`, as the page's own upload forms do. */
export const uploadAsPage = <T>(page: Page, path: string, bytes: Buffer, fileName: string): Promise<T> =>
  fetchAsPage<T>(page, 'POST', path, { file: { data: [...bytes], fileName } });
