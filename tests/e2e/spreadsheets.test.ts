import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ImportResult } from '@shared/spreadsheets';
import { expectNoSeriousViolations } from '../support/axe';
import { callAsPage, logIn, SCREENSHOTS, uploadAsPage, useE2EStack } from '../support/e2e';

/**
 * Spreadsheet import and export in real Chromium (issue 30): an author reads a CSV into the
 * creation dialog (the row it cannot read listed in Japanese), creates the quiz, exports it as
 * Excel from its card, and the file imports back to the same questions. On a desktop and a phone.
 */
const e2e = useE2EStack();

const CSV = [
  '問題文,選択肢A,選択肢B,選択肢C,選択肢D,正解,解説',
  '日本でいちばん長い川は？,信濃川,利根川,石狩川,,A,信濃川は367kmです。',
  '"「=1+1」の答えは？",1,2,3,4,２,足し算です。',
  '正解のない行,あ,い,,,,',
  'フランスの首都は？,ロンドン,パリ,ベルリン,ローマ,B,',
].join('\r\n');

async function openFileTab(page: Page) {
  await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
  await page.getByRole('heading', { name: 'マイクイズ' }).waitFor();
  await page.getByRole('button', { name: 'クイズを作成' }).click();
  const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
  await dialog.getByRole('tab', { name: 'ファイルから読み込む' }).click();
  await dialog
    .getByRole('tabpanel', { name: 'ファイルから読み込む' })
    .locator('input[type="file"]')
    .setInputFiles({
      name: '地理クイズ.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
  await dialog.getByRole('button', { name: 'ファイルを読み込む' }).click();
  await dialog.getByRole('heading', { name: '3問を読み込めました' }).waitFor();
  await dialog.getByText('1行を読み込めませんでした').waitFor();
  await dialog.getByText('4行目・正解').waitFor();
  await dialog.getByText('正解を入力してください').waitFor();
  return dialog;
}

describe('spreadsheets', () => {
  it('imports a CSV into the creation dialog, creates the quiz, exports it as Excel, and the file reads back the same', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    const dialog = await openFileTab(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-import-1366.png') });
    await expectNoSeriousViolations(page, 'file tab');

    await dialog.getByRole('button', { name: '3問をフォームに入れる' }).click();
    expect(await dialog.getByLabel('タイトル').inputValue()).toBe('地理クイズ');
    expect(await dialog.getByLabel('質問文').nth(1).inputValue()).toBe('「=1+1」の答えは？');
    expect(await dialog.getByLabel('正解').nth(1).inputValue()).toBe('B');
    await dialog.getByText('4行目・正解').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-form-1366.png') });
    await dialog.getByLabel('カテゴリ').selectOption('地理');
    await dialog.getByLabel('説明').fill('表計算ソフトから読み込んだクイズです');
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: '地理クイズ' }).waitFor();

    await page.getByRole('button', { name: '「地理クイズ」の書き出し' }).click();
    await page.getByRole('menuitem', { name: 'Excel（.xlsx）' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-export-menu-1366.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel（.xlsx）' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('地理クイズ.xlsx');
    const file = await readFile((await download.path())!);

    // The exported file imports back to the quiz's questions.
    const back = await uploadAsPage<ImportResult>(page, '/api/quizzes/import', file, '地理クイズ.xlsx');
    expect(back.errors).toEqual([]);
    expect(back.questions.map((question) => [question.questionText, question.correctAnswer])).toEqual([
      ['日本でいちばん長い川は？', 'A'],
      ['「=1+1」の答えは？', 'B'],
      ['フランスの首都は？', 'B'],
    ]);
    await context.close();
  });

  it('fits a phone: the file tab and the export menu at 390 px', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    const dialog = await openFileTab(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-import-390.png'), fullPage: true });
    await dialog.getByRole('button', { name: '3問をフォームに入れる' }).click();
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-form-390.png') });
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await callAsPage(page, 'POST', '/api/quizzes', {
      quiz: { title: 'スマホのクイズ', description: '説明', category: '地理', difficulty: '初級' },
      questions: [{ questionText: '問題', optionA: 'あ', optionB: 'い', correctAnswer: 'A' }],
    });
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('button', { name: '「スマホのクイズ」の書き出し' }).click();
    await page.getByRole('menuitem', { name: 'CSV（.csv）' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'sheets-export-menu-390.png'), fullPage: true });
    await context.close();
  });
});
