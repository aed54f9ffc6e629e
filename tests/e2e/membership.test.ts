import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * Advanced membership in real Chromium against the whole local stack and its payment simulator:
 * the free member `demo` upgrades on the simulator's テスト決済 page, sees the pro view, cancels
 * (features stay until the period ends) and resumes.
 */
const e2e = useE2EStack();

describe('the membership page', () => {
  it('demo upgrades through the payment simulator, then cancels and resumes', async () => {
    const { appUrl, endpoints } = e2e.stack();
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      await logIn(page, appUrl, 'demo', 'Demo#2026pass');
      await page.getByRole('link', { name: 'アップグレード' }).click();
      await page.waitForURL(`${appUrl}/pro-checkout`);
      await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'membership-free-1366.png'), fullPage: true });

      await page.getByRole('button', { name: 'アドバンスド会員にアップグレード' }).click();
      await page.waitForURL(`${endpoints.stripe}/checkout/**`);
      await expect.poll(() => page.getByText('テスト決済').first().isVisible()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'membership-checkout-1366.png'), fullPage: true });
      await page.getByRole('button', { name: /支払う/ }).click();

      // Back on the site: the payment is confirmed (polled every 2 s) and the success view shows.
      await page.waitForURL(`${appUrl}/pro-checkout?upgraded=1`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'アドバンスド会員へようこそ！' }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: /アドバンスド会員（会員ページへ）/ }).isVisible())
        .toBe(true);

      await page.goto(`${appUrl}/pro-checkout`);
      await expect.poll(() => page.getByText('次回更新日').isVisible()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'membership-active-1366.png'), fullPage: true });

      await page.getByRole('button', { name: '定期購入を解約する' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '解約する' }).click();
      await expect.poll(() => page.getByText('ご利用期限').isVisible()).toBe(true);
      await expect
        .poll(() =>
          page.getByRole('link', { name: 'アドバンスド会員（解約予定）（会員ページへ）' }).isVisible(),
        )
        .toBe(true);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: '解約しました' }).count())
        .toBeGreaterThan(0);

      await page.getByRole('button', { name: '定期購入を再開する' }).click();
      await expect.poll(() => page.getByText('次回更新日').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: '再開しました' }).count())
        .toBeGreaterThan(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SCREENSHOTS, 'membership-active-390.png'), fullPage: true });
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
