import { join } from 'node:path';
import { describe, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser-session';
import { SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * Every page of the app as a guest sees it, and as a signed-in advanced member who is also an
 * administrator (who sees every link) sees what differs, checked by axe-core at a laptop's and a
 * phone's width. With
 * `E2E_SCREENSHOTS=1` every page is also photographed at 390, 1024 and 1366 px for a person to
 * look at (tests/e2e/screenshots/): a third of this file's time, so not on every run.
 */
const e2e = useE2EStack();

const QUIZ = 'sample-science-basics';

/**
 * What a guest can open. A page for members only shows a guest the sign-in card (the same as
 * /login's); /profile stands for them all.
 */
const guestRoutes = [
  '/',
  '/login',
  '/register',
  '/email-register',
  `/quiz/${QUIZ}`,
  '/quiz-search',
  `/tags/${encodeURIComponent('理科')}`,
  '/multiplayer',
  // A class game's players' page (issue 31): the form needs no socket until 参加する.
  '/join?pin=123456',
  '/profile',
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

/**
 * What a signed-in member (here also an administrator) gets that differs from a guest's page. The
 * documents (terms, help …) differ only in the navigation bar, which every page here carries.
 */
const memberRoutes = [
  '/',
  `/quiz/${QUIZ}`,
  '/quiz-search',
  `/tags/${encodeURIComponent('理科')}`,
  '/multiplayer',
  '/join',
  // The host's list of class games (issue 31); a game's own screens need a live game, not seeded.
  '/classroom',
  '/profile',
  '/learning',
  '/my-quizzes',
  `/my-quizzes/${QUIZ}/analytics`,
  '/focused-study',
  '/admin',
  '/pro-checkout',
  '/no/such/page',
];

const name = (route: string) =>
  route === '/'
    ? 'home'
    : decodeURIComponent(route)
        .slice(1)
        .replace(/\?.*$/, '')
        .replace(/[^a-z0-9\p{L}-]+/gu, '-');

const PHOTOGRAPH = process.env.E2E_SCREENSHOTS === '1';
const WIDTHS = PHOTOGRAPH ? [1366, 1024, 390] : [1366, 390];

async function checkEveryRoute(context: BrowserContext, who: string, routes: readonly string[]) {
  const page = await context.newPage();
  for (const route of routes) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(`${e2e.stack().appUrl}${route}`);
      // The page has come up: its heading is there and nothing is still loading.
      await page.locator('h1').first().waitFor();
      // A quiet network is a hint, not the condition: the admin page polls its lists every 10 s,
      // and on a busy machine their answers can overlap without a quiet half second between them
      // (the run then hung for 20 minutes). What must be true is the next line: nothing loading.
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
      await page.locator('[aria-busy="true"], .skeleton').first().waitFor({ state: 'detached' });
      if (PHOTOGRAPH)
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
    await checkEveryRoute(context, 'guest', guestRoutes);
    await context.close();
  });

  it('has no serious or critical axe violation signed in, at 1366 and 390 px', async () => {
    const { context } = await signedInContext(e2e.browser(), e2e.stack(), {
      role: 'admin',
      isPro: true,
      nickname: 'アクセシビリティ確認用の長い名前',
    });
    await checkEveryRoute(context, 'member', memberRoutes);
    await context.close();
  });
});
