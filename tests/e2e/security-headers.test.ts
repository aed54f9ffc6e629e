import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startGateway, type RunningGateway } from '../../scripts/local/gateway';
import { logIn, useE2EStack } from '../support/e2e';

/**
 * The Content-Security-Policy CloudFront sends (one definition, served locally too) lets the app
 * run with no violation in Chromium: in Vite development (HMR client and React preamble allowed by
 * a per-answer nonce) and as the built SPA CloudFront serves.
 */
const e2e = useE2EStack({ web: 'vite' });
let built: { gateway: RunningGateway } | undefined;

// The SPA built once for the e2e projects (tests/support/web-build.ts), as it ships.
beforeAll(async () => {
  const gateway = await startGateway({ port: 0, web: 'static', webDist: inject('webDist') });
  built = { gateway };
});
afterAll(async () => {
  await built?.gateway.stop();
});

interface Watched {
  page: Page;
  violations: string[];
  /** Text frames the page received over WebSockets (Vite's HMR socket says `connected`). */
  socketFrames: string[];
}

/** A page that records every CSP violation: the DOM event and Chromium's console report. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile})`),
    );
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const socketFrames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => socketFrames.push(String(payload))),
  );
  return { page, violations, socketFrames };
}

/** Opens `path`, waits until the app has rendered and gone quiet, and returns what was violated. */
async function visit({ page, violations }: Watched, base: string, path: string, ready: string) {
  const response = await page.goto(`${base}${path}`);
  expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  expect(response?.headers()['x-frame-options'], path).toBe('DENY');
  const reported = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  // Until the page renders or the policy blocks something: a blocked script usually means no page
  // at all, so the first report ends the wait and says what was blocked.
  const blocked = page
    .waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0)
    .then(
      () => 'blocked' as const,
      // The page moved on (the next visit): this wait is over, without a report.
      () => new Promise<never>(() => undefined),
    );
  const rendered = page
    .locator(ready)
    .first()
    .waitFor()
    .then(() => 'rendered' as const);
  if ((await Promise.race([rendered, blocked])) === 'blocked')
    throw new Error(
      `${path} did not render; CSP reports: ${[...violations, ...(await reported())].join(' | ')}`,
    );
  await page.waitForLoadState('networkidle');
  return [...violations.splice(0), ...(await reported())].map((violation) => `${path}: ${violation}`);
}

const guestPages: [string, string][] = [
  ['/', '.category-card__name'],
  ['/login', 'form'],
  ['/register', 'form'],
  ['/quiz-search', 'main h1'],
  ['/quiz/sample-science-basics', 'main h1'],
  ['/no/such/page', 'main h1'],
  ['/terms', 'nav[aria-label="フッター"]'],
];

describe('the Content-Security-Policy in Chromium', () => {
  it('is not violated by any page in Vite development, signed out or in', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const watched = await watchedPage(context);
    const base = e2e.stack().appUrl;
    const violations: string[] = [];
    for (const [path, ready] of guestPages) violations.push(...(await visit(watched, base, path, ready)));
    // Vite's HMR client got through `connect-src` to its socket on the gateway.
    expect(watched.socketFrames.some((frame) => frame.includes('"connected"'))).toBe(true);
    // Playing starts timers and swaps the page's content: still nothing blocked.
    violations.push(...(await visit(watched, base, '/quiz/sample-science-basics', 'main h1')));
    await watched.page.getByRole('button', { name: 'スタート' }).click();
    await watched.page.getByText('問題 1 / 5').waitFor();

    await logIn(watched.page, base, 'demo', 'Demo#2026pass');
    for (const [path, ready] of [
      ['/', '.category-card__name'],
      ['/profile', 'main h1'],
      ['/learning', 'main h1'],
      ['/my-quizzes', 'main h1'],
    ] as const)
      violations.push(...(await visit(watched, base, path, ready)));
    // Still on My Quizzes: the creation dialog (Radix portal, AI tab) opens without a violation.
    await watched.page.getByRole('button', { name: 'クイズを作成' }).click();
    await watched.page.getByRole('dialog', { name: '新しいクイズを作成' }).waitFor();
    violations.push(...watched.violations);
    violations.push(
      ...(await watched.page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      )),
    );
    expect(violations).toEqual([]);
    await context.close();
  });

  it('is not violated by the built SPA', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const watched = await watchedPage(context);
    const violations: string[] = [];
    // The entry's stylesheet is inlined into the page: fetched again (by a lazy chunk's loader) it
    // would come after the page's own styles and override them, moving the page.
    const entryStyles: string[] = [];
    watched.page.on('request', (request) => {
      if (/\/assets\/index-[^/]*\.css$/.test(request.url())) entryStyles.push(request.url());
    });
    for (const [path, ready] of guestPages)
      violations.push(...(await visit(watched, built!.gateway.url, path, ready)));
    expect(violations).toEqual([]);
    expect(entryStyles).toEqual([]);
    await context.close();
  });
});
