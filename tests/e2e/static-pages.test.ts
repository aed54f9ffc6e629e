import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe';
import { SCREENSHOTS, useE2EStack } from '../support/e2e';

/** The static pages in Chromium: their own titles, contents, help search, the FAQ accordion; axe on each. */
const e2e = useE2EStack();

const PAGES = [
  { path: '/terms', title: '利用規約', toc: true, text: '第14条（準拠法・管轄裁判所）' },
  { path: '/privacy', title: 'プライバシーポリシー', toc: true, text: '13歳以上' },
  { path: '/guidelines', title: 'コンテンツガイドライン', toc: true, text: 'アカウントの一時停止' },
  { path: '/help', title: 'ヘルプセンター', toc: false, text: 'AIでクイズを作る' },
  { path: '/faq', title: 'よくある質問', toc: false, text: 'スマートフォンでも使えますか？' },
  {
    path: '/tokutei-shoutorihikihou',
    title: '特定商取引法に基づく表記',
    toc: false,
    text: 'Visa、MasterCard、American Express、JCB',
  },
];

describe('static pages', () => {
  it('each has its own title and heading, its contents, a table of contents when long, and no serious axe violation', async () => {
    for (const width of [390, 1024, 1366]) {
      const context = await e2e.browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const entry of PAGES) {
        await page.goto(`${e2e.stack().appUrl}${entry.path}`);
        await page.getByRole('heading', { level: 1, name: entry.title }).waitFor();
        expect(await page.title()).toBe(`${entry.title} | みんなのクイズ`);
        await page.getByText(entry.text).first().waitFor();
        expect(await page.getByRole('navigation', { name: '目次' }).count()).toBe(entry.toc ? 1 : 0);
        // Every static page links to the others, in the footer.
        const footer = page.getByRole('navigation', { name: 'フッター' });
        for (const { path } of PAGES) expect(await footer.locator(`a[href="${path}"]`).count()).toBe(1);
        await expectNoSeriousViolations(page, `${entry.path} at ${width} px`);
        // The text starts where the header's contents do, at every width.
        const [headerStart, headingStart] = await page.evaluate(() => {
          const inner = document.querySelector('.nav__inner')!;
          return [
            inner.getBoundingClientRect().left + parseFloat(getComputedStyle(inner).paddingLeft),
            document.querySelector('h1')!.getBoundingClientRect().left,
          ];
        });
        expect(Math.abs(headingStart - headerStart), `${entry.path} at ${width} px`).toBeLessThanOrEqual(1);
        await page.screenshot({
          path: join(SCREENSHOTS, `static${entry.path.replace('/', '-')}-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  });

  it('counts 14 articles in the terms, updated 2024-12-17, and the table of contents jumps to them', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/terms`);
    await page.getByRole('heading', { level: 1, name: '利用規約' }).waitFor();
    const toc = page.getByRole('navigation', { name: '目次' });
    expect(await toc.getByRole('link').count()).toBe(14);
    expect(await page.locator('time').first().getAttribute('datetime')).toBe('2024-12-17');
    await toc.getByRole('link', { name: '第10条（退会）' }).click();
    await page.waitForURL(/#article-10$/);
    await page.close();
  });

  it('searches the help centre by Japanese substrings, width- and case-folded, within a category', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/help`);
    await page.getByRole('heading', { level: 1, name: 'ヘルプセンター' }).waitFor();
    const search = page.getByLabel('ヘルプを検索');
    const titles = () => page.locator('.help-entry__title').allTextContents();
    expect(await titles()).toHaveLength(8);
    // Half-width katakana finds full-width; a word inside a longer one (no spaces in Japanese) is found.
    await search.fill('ﾊﾟｽﾜｰﾄﾞ');
    await page.getByRole('status').getByText('3件の項目').waitFor();
    expect(await titles()).toEqual([
      'マルチプレイで友だちと遊ぶには',
      'アカウントの作り方',
      'パスワードを忘れた・ログインできないとき',
    ]);
    await search.fill('ﾊﾟｽﾜｰﾄﾞ 再設定');
    await page.getByRole('status').getByText('1件の項目').waitFor();
    expect(await titles()).toEqual(['パスワードを忘れた・ログインできないとき']);
    await search.fill('ａｉ 回数');
    await page.getByRole('status').getByText('1件の項目').waitFor();
    expect(await titles()).toEqual(['AIでクイズを作る']);
    await search.fill('');
    await page.getByRole('button', { name: 'プラン・課金' }).click();
    expect(await titles()).toEqual(['アドバンスド会員の料金と解約']);
    await page.getByRole('button', { name: 'すべて' }).click();
    await search.fill('存在しない言葉');
    await page.getByText('「存在しない言葉」に一致する項目はありません。').waitFor();
    await page.close();
  });

  it('opens and closes the FAQ answers as an accordion, by mouse and keyboard', async () => {
    const context = await e2e.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.stack().appUrl}/faq`);
    await page.getByRole('heading', { level: 1, name: 'よくある質問' }).waitFor();
    const questions = page.locator('.accordion__button');
    expect(await questions.count()).toBe(12);
    const first = page.getByRole('button', { name: '無料で使えますか？' });
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('region', { name: '無料で使えますか？' }).count()).toBe(0);
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('region', { name: '無料で使えますか？' })
      .getByText(/月額500円（税込）/)
      .waitFor();
    await page.getByRole('button', { name: 'ログインしなくても遊べますか？' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'ログインしなくても遊べますか？' }).waitFor();
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await expectNoSeriousViolations(page, '/faq with answers open');
    await context.close();
  });
});
