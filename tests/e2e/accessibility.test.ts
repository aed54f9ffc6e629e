import { join } from 'node:path';
import { describe, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser-session';
import { SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * Every route of the app, signed out and signed in (an advanced member who is also an
 * administrator, who sees every link), checked by axe-core at a laptop's and a phone's width, and
 * photographed at 390, 1024 and 1366 px for a person to look at.
 */
const e2e = useE2EStack();

const QUIZ = 'sample-science-basics';
const routes = [
  '/',
  '/login',
  '/register',
  '/email-register',
  `/quiz/${QUIZ}`,
  '/quiz-search',
  '/multiplayer',
  '/profile',
  '/learning',
  '/my-quizzes',
  '/focused-study',
  '/admin',
  '/pro-checkout',
  '/reset-password?token=abcdefghijklmnopqrstuvwxyz012345',
  '/verify-email',
  '/terms',
  '/privacy',
  '/guidelines',
  '/help',
  '/faq',
  '/tokutei-shoutorihikihou',
  '/no/such/page',
];

const name = (route: string) =>
  route === '/'
    ? 'home'
    : route
        .slice(1)
        .replace(/\?.*$/, '')
        .replace(/[^a-z0-9-]+/g, '-');

async function checkEveryRoute(context: BrowserContext, who: string) {
  const page = await context.newPage();
  for (const route of routes) {
    for (const width of [1366, 1024, 390]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(`${e2e.stack().appUrl}${route}`);
      // The page has come up: its heading is there and nothing is still loading.
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.locator('[aria-busy="true"], .skeleton').first().waitFor({ state: 'detached' });
      await page.screenshot({
        path: join(SCREENSHOTS, `page-${name(route)}-${who}-${width}.png`),
        fullPage: true,
      });
      if (width !== 1024) await expectNoSeriousViolations(page, `${route} (${who}, ${width} px)`);
    }
  }
  await page.close();
}

describe('every page', () => {
  it('has no serious or critical axe violation signed out, at 1366 and 390 px', async () => {
    const context = await e2e.browser().newContext();
    await checkEveryRoute(context, 'guest');
    await context.close();
  });

  it('has no serious or critical axe violation signed in, at 1366 and 390 px', async () => {
    const { context } = await signedInContext(e2e.browser(), e2e.stack(), {
      role: 'admin',
      isPro: true,
      nickname: 'アクセシビリティ確認用の長い名前',
    });
    await checkEveryRoute(context, 'member');
    await context.close();
  });
});
