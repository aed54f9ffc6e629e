import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser-session';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * Tags in real Chromium (issue 30): an author tags a new quiz in the creation dialog, its card
 * shows the chip, home shows the popular tags, and a tag's page lists its quizzes; an
 * administrator recolours the tag.
 */
const e2e = useE2EStack();

describe('tags', () => {
  it('an author tags a quiz; its chip, home and the tag page lead to it; an administrator recolours the tag', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const appUrl = e2e.stack().appUrl;
    await logIn(page, appUrl, 'pro', 'Pro#2026pass');

    await page.goto(`${appUrl}/my-quizzes`);
    await page.getByRole('button', { name: 'クイズを作成' }).click();
    const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
    await dialog.getByLabel('タイトル').fill('タグつき 星座クイズ');
    await dialog.getByLabel('カテゴリ').selectOption('科学');
    await dialog.getByLabel('説明').fill('星座と星の名前のクイズです');
    const tags = dialog.getByLabel('タグ（5個まで）');
    await tags.fill('星座');
    await tags.press('Enter');
    await tags.fill('ｱｽﾄﾛﾉﾐｰ');
    await tags.press('Enter');
    await tags.fill('星座');
    await tags.press('Enter');
    await dialog.getByText('タグ「星座」が重複しています').waitFor();
    await tags.fill('');
    await dialog.getByRole('button', { name: 'タグ「アストロノミー」を削除' }).click();
    await tags.fill('理科');
    await tags.press(',');
    await dialog.getByLabel('質問文').fill('夏の大三角に含まれる星は？');
    await dialog.getByLabel('選択肢A').fill('ベガ');
    await dialog.getByLabel('選択肢B').fill('シリウス');
    await expectNoSeriousViolations(page, 'creation dialog with tags');
    await dialog.getByLabel('質問文').scrollIntoViewIfNeeded();
    await tags.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'tags-input-1366.png') });
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Home: the popular tags (理科 also tags two sample quizzes; the list is kept for a minute, so
    // its count may not include this quiz yet), and the new card's chips.
    await page.goto(appUrl);
    const popular = page.getByRole('region', { name: '人気のタグ' });
    await popular.getByRole('link', { name: /理科\s*[23]件$/ }).waitFor();
    const card = page.locator('.quiz-card', { hasText: 'タグつき 星座クイズ' });
    const chips = card.getByRole('list', { name: '「タグつき 星座クイズ」のタグ' });
    await chips.waitFor();
    await expectNoSeriousViolations(page, 'home with popular tags');
    await popular.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'tags-home-1366.png') });

    await chips.getByRole('link', { name: '星座' }).click();
    await page.waitForURL(`${appUrl}/tags/${encodeURIComponent('星座')}`);
    await page.getByRole('heading', { name: '#星座 のクイズ' }).waitFor();
    await page.getByRole('heading', { name: 'タグつき 星座クイズ' }).waitFor();
    await page.getByText('1件のクイズ').waitFor();
    await expectNoSeriousViolations(page, 'tag page');
    await page.screenshot({ path: join(SCREENSHOTS, 'tags-page-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SCREENSHOTS, 'tags-page-390.png'), fullPage: true });
    await page.goto(appUrl);
    await page.getByRole('region', { name: '人気のタグ' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'tags-home-390.png') });
    await context.close();

    // The administrator's e-mailed sign-in link is another journey's (tests/e2e/admin.test.ts).
    const signed = await signedInContext(
      e2e.browser(),
      e2e.stack(),
      { role: 'admin' },
      {
        viewport: { width: 1366, height: 900 },
      },
    );
    const adminPage = await signed.context.newPage();
    await adminPage.goto(`${appUrl}/admin`);
    await adminPage.getByRole('tab', { name: 'タグ' }).click();
    // Ten tags a page, most used first: the new tag is found by its name.
    await adminPage.getByRole('searchbox', { name: 'タグを絞り込む' }).fill('星座');
    const row = adminPage.getByRole('form', { name: 'タグ「星座」' });
    await row.getByText('公開クイズ 1件').waitFor();
    await row.getByLabel('色', { exact: true }).fill('#2563EB');
    await row.getByRole('button', { name: '保存' }).click();
    await adminPage.getByText('タグを更新しました').first().waitFor();
    await expectNoSeriousViolations(adminPage, 'admin tags');
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'tags-admin-1366.png') });
    expect(
      await adminPage
        .getByRole('form', { name: 'タグ「星座」' })
        .getByLabel('色', { exact: true })
        .inputValue(),
    ).toBe('#2563EB');
    // A phone: the whole list again, a page of it with its 前へ / 次へ.
    await adminPage.getByRole('searchbox', { name: 'タグを絞り込む' }).fill('');
    await adminPage.getByRole('navigation', { name: 'タグのページ' }).waitFor();
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'tags-admin-390.png'), fullPage: true });
    await signed.context.close();
  });
});
