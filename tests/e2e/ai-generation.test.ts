import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { makeTextPdf } from '../support/documents';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/** AI generation in the creation dialog, in real Chromium against the whole local stack. */
const screenshots = SCREENSHOTS;

const e2e = useE2EStack();

const FUJI_SENTENCES = [
  '富士山は静岡県と山梨県にまたがる標高3776メートルの活火山で、日本の最高峰である。',
  '最後の噴火は1707年の宝永大噴火で、江戸の町にも火山灰が降り積もった。',
  '2013年には「富士山－信仰の対象と芸術の源泉」として世界文化遺産に登録された。',
  '葛飾北斎は『富嶽三十六景』で、さまざまな場所から眺めた富士山を描いた。',
  '山頂へ向かう主な登山道には、吉田ルート、富士宮ルート、須走ルート、御殿場ルートの4つがある。',
];
const FUJI = FUJI_SENTENCES.join('');

async function openAiTab(page: Page): Promise<{ dialog: Locator; panel: Locator }> {
  await page.getByRole('button', { name: 'クイズを作成' }).click();
  const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
  await dialog.getByRole('tab', { name: 'AIで生成' }).click();
  return { dialog, panel: dialog.getByRole('tabpanel', { name: 'AIで生成' }) };
}

describe('AI generation', () => {
  it('checks the text and the file before calling the server', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    const generationCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/generate') || request.url().includes('/api/ai/uploads'))
        generationCalls.push(request.url());
    });
    await logIn(page, e2e.stack().appUrl, 'pro', 'Pro#2026pass');
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    const { panel } = await openAiTab(page);
    await panel.getByRole('status').getByText('本日の残り回数: 200 / 200回').waitFor();

    await panel.getByLabel('カテゴリ').selectOption('地理');
    await panel.getByLabel('問題の元になる文章').fill('  富士山は高い  ');
    await panel.getByRole('button', { name: 'テキストから生成' }).click();
    await panel.getByText('最低10文字のテキストを入力してください').waitFor();

    await panel.getByLabel('ファイルを選択').setInputFiles({
      name: 'メモ.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('富士山は日本一高い山です。'),
    });
    await panel.getByText('PDF、Word(.doc、.docx)ファイルのみアップロード可能です').waitFor();
    expect(await panel.getByText('選択されていません').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'ファイルを解析して生成' }).click();
    await panel.getByText('ファイルを選択してください').waitFor();
    await page.screenshot({ path: join(screenshots, 'ai-validation.png') });
    expect(generationCalls).toEqual([]);
    await page.close();
  });

  it('generates a quiz from pasted text, loads it into the form and saves it', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByText('まだクイズがありません').waitFor();
    const { dialog, panel } = await openAiTab(page);
    const usage = panel.getByRole('status');
    await usage.getByText('本日の残り回数: 3 / 3回').waitFor();
    expect(await usage.textContent()).toContain('明日 0:00（日本時間）');
    expect(await panel.getByLabel('問題数').inputValue()).toBe('5');
    expect(await panel.getByLabel('難易度').inputValue()).toBe('中級');
    expect(await panel.getByLabel('問題の元になる文章').getAttribute('rows')).toBe('6');
    await page.screenshot({ path: join(screenshots, 'ai-tab.png') });

    await panel.getByLabel('問題数').fill('3');
    await panel.getByLabel('難易度').selectOption('初級');
    await panel.getByLabel('カテゴリ').selectOption('地理');
    await panel.getByLabel('問題の元になる文章').fill(FUJI);
    await panel.getByRole('button', { name: 'テキストから生成' }).click();
    const result = panel.getByRole('region').filter({ hasText: '生成されたクイズ' });
    await result.getByRole('button', { name: '編集フォームに読み込む' }).waitFor();
    const title = (await result.getByRole('heading').textContent())!.trim();
    expect(title.length).toBeGreaterThan(0);
    await result.getByText('3問', { exact: true }).waitFor();
    await usage.getByText('本日の残り回数: 2 / 3回').waitFor();
    await page.screenshot({ path: join(screenshots, 'ai-result.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(screenshots, 'ai-result-mobile.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The result is held while the manual tab is looked at.
    await dialog.getByRole('tab', { name: /手動で作成/ }).click();
    await dialog.getByRole('tab', { name: /AIで生成/ }).click();
    await result.getByRole('button', { name: '編集フォームに読み込む' }).click();

    const manual = dialog.getByRole('tabpanel', { name: '手動で作成' });
    await manual.getByLabel('タイトル').waitFor();
    expect(await manual.getByLabel('タイトル').inputValue()).toBe(title);
    expect(await manual.getByLabel('カテゴリ').inputValue()).toBe('地理');
    expect(await manual.getByLabel('難易度').inputValue()).toBe('初級');
    expect(await manual.getByLabel('説明').inputValue()).not.toBe('');
    expect(await manual.getByLabel('公開（誰でも遊べる）').isChecked()).toBe(true);
    const questions = manual.getByRole('region', { name: /^問題 \d+$/ });
    expect(await questions.count()).toBe(3);
    for (let index = 0; index < 3; index++) {
      const question = questions.nth(index);
      expect(await question.getByLabel('質問文').inputValue()).not.toBe('');
      for (const letter of ['A', 'B', 'C', 'D'])
        expect(await question.getByLabel(`選択肢${letter}`).inputValue()).not.toBe('');
    }
    await page.screenshot({ path: join(screenshots, 'ai-loaded.png') });

    await manual.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.toast').getByText('クイズを作成しました').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    // The dialog reopens on the manual tab with an empty form; the AI tab shows one use fewer.
    await page.getByRole('button', { name: 'クイズを作成' }).click();
    expect(
      await dialog.getByRole('tabpanel', { name: '手動で作成' }).getByLabel('タイトル').inputValue(),
    ).toBe('');
    await dialog.getByRole('tab', { name: 'AIで生成' }).click();
    await panel.getByRole('status').getByText('本日の残り回数: 2 / 3回').waitFor();
    expect(await panel.getByRole('button', { name: '編集フォームに読み込む' }).count()).toBe(0);
    await page.close();
  });

  it('analyses an uploaded PDF (presigned POST to storage) and discards the result', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, e2e.stack().appUrl, 'pro', 'Pro#2026pass');
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    const { panel } = await openAiTab(page);
    await panel.getByRole('status').getByText('本日の残り回数: 200 / 200回').waitFor();
    await panel.getByLabel('問題数').fill('3');
    await panel.getByLabel('カテゴリ').selectOption('地理');
    await panel.getByLabel('ファイルを選択').setInputFiles({
      name: '富士山の資料.pdf',
      mimeType: 'application/pdf',
      buffer: makeTextPdf(FUJI_SENTENCES),
    });
    await panel.getByText(/^富士山の資料\.pdf（\d+KB）$/).waitFor();
    await panel.getByRole('button', { name: 'ファイルを解析して生成' }).click();
    const result = panel.getByRole('region').filter({ hasText: '生成されたクイズ' });
    await result.getByText('3問', { exact: true }).waitFor();
    await panel.getByRole('status').getByText('本日の残り回数: 199 / 200回').waitFor();
    await result.getByRole('button', { name: '破棄' }).click();
    await result.waitFor({ state: 'detached' });
    await panel.getByText('選択されていません').waitFor();
    await page.close();
  });
});
