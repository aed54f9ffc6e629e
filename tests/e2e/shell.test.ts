import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, useE2EStack } from '../support/e2e';

/** Smoke test of the web shell in real headless Chromium against the whole local e2e.stack(). */
const screenshots = SCREENSHOTS;

const e2e = useE2EStack();

describe('web shell', () => {
  it('shows the Japanese home page with the categories from DynamoDB Local', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(e2e.stack().appUrl);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('みんなのクイズ');
    const categories = page.locator('.category-card__name');
    await categories.first().waitFor();
    expect(await categories.allTextContents()).toEqual([
      '科学',
      '一般知識',
      '歴史',
      'スポーツ',
      'エンターテイメント',
      '料理',
      '資格',
      '地理',
    ]);
    const footer = page.getByRole('navigation', { name: 'フッター' });
    for (const href of ['/terms', '/privacy', '/guidelines', '/help', '/faq', '/tokutei-shoutorihikihou']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    await page.getByRole('link', { name: 'クイズを作る' }).waitFor();
    expect(await page.getByRole('link', { name: 'クイズを作る' }).getAttribute('href')).toBe('/login');
    await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
    await page.close();
  });

  it('shows the not-found page for an unknown path and leads back home', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.stack().appUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'not-found.png'), fullPage: true });
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await page.locator('.category-card__name').first().waitFor();
    await page.close();
  });

  it('renders only the layout on a route whose feature is not built yet', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/terms`);
    await page.getByRole('navigation', { name: 'フッター' }).waitFor();
    expect((await page.locator('main').innerText()).trim()).toBe('');
    await page.close();
  });

  it('opens the mobile drawer from the menu button and F8 focuses the notification area', async () => {
    const page = await e2e.browser().newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(e2e.stack().appUrl);
    await page.locator('.category-card__name').first().waitFor();
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    const drawer = page.getByRole('dialog', { name: 'メニュー' });
    await drawer.waitFor();
    await page.waitForTimeout(400); // let the slide-in finish before the screenshot
    await page.screenshot({ path: join(screenshots, 'mobile-drawer.png') });
    await page.getByRole('button', { name: 'メニューを閉じる' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.keyboard.press('F8');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('[role=region]')?.getAttribute('aria-label') ?? '',
      ),
    ).toBe('通知 (F8)');
    await page.screenshot({ path: join(screenshots, 'home-mobile.png'), fullPage: true });
    await page.close();
  });
});
