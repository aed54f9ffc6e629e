import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/spreadsheets';
import { expectNoSeriousViolations } from '../support/axe';
import { logIn, SCREENSHOTS, uploadAsPage, useE2EStack } from '../support/e2e';
import { noisyPhoto } from '../support/images';

/**
 * The author's tools together in real Chromium (issue 30): demo reads a spreadsheet into the
 * creation dialog, adds a photo to a question and two tags, publishes; pro plays the quiz; demo
 * sees the play in the quiz's analytics, exports the quiz as CSV, and the file imports back to the
 * same questions.
 */
const e2e = useE2EStack();

const TITLE = '世界の首都クイズ';
const ROWS = [
  ['日本の首都は？', '東京', '大阪', '京都', '名古屋', 'A', '1868年に東京と改められました。'],
  ['フランスの首都は？', 'ロンドン', 'パリ', 'ベルリン', 'ローマ', 'B', ''],
  ['「=SUM(A1)」を入力すると？', '計算される', '文字のまま', '', '', '2', '書き出しでも式になりません。'],
];
const CSV = [
  '問題文,選択肢A,選択肢B,選択肢C,選択肢D,正解,解説',
  ...ROWS.map((row) => row.map((cell) => `"${cell}"`).join(',')),
].join('\r\n');

/** What a question is, as the import answers it. */
const asRows = (result: ImportResult) =>
  result.questions.map((question) => [
    question.questionText,
    question.optionA,
    question.optionB,
    question.optionC ?? '',
    question.optionD ?? '',
    question.correctAnswer,
    question.explanation ?? '',
  ]);

describe('the author’s tools', () => {
  it('imports a spreadsheet, adds a photo and tags, publishes; another member plays; the author reads the analytics and exports a file that imports back the same', async () => {
    const appUrl = e2e.stack().appUrl;
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, appUrl, 'demo', 'Demo#2026pass');

    // The spreadsheet into the creation dialog.
    await page.goto(`${appUrl}/my-quizzes`);
    await page.getByRole('button', { name: 'クイズを作成' }).click();
    const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
    await dialog.getByRole('tab', { name: 'ファイルから読み込む' }).click();
    await dialog
      .getByRole('tabpanel', { name: 'ファイルから読み込む' })
      .locator('input[type="file"]')
      .setInputFiles({ name: `${TITLE}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByRole('button', { name: 'ファイルを読み込む' }).click();
    await dialog.getByRole('heading', { name: '3問を読み込めました' }).waitFor();
    await dialog.getByRole('button', { name: '3問をフォームに入れる' }).click();
    expect(await dialog.getByLabel('タイトル').inputValue()).toBe(TITLE);
    expect(await dialog.getByLabel('質問文').nth(2).inputValue()).toBe('「=SUM(A1)」を入力すると？');

    // A photo on the first question, two tags, a category and a description; published.
    await dialog
      .getByLabel('画像を追加')
      .first()
      .setInputFiles({ name: '東京.jpg', mimeType: 'image/jpeg', buffer: await noisyPhoto(1600, 1200, 85) });
    await dialog.locator('.question-image-field__preview img').first().waitFor();
    await dialog.getByLabel('画像の説明（代替テキスト）').first().fill('東京駅の駅舎の写真');
    const tags = dialog.getByLabel('タグ（5個まで）');
    await tags.fill('首都');
    await tags.press('Enter');
    await tags.fill('地理クイズ');
    await tags.press('Enter');
    await dialog.getByLabel('カテゴリ').selectOption('地理');
    await dialog.getByLabel('説明', { exact: true }).fill('表計算ソフトから読み込んだ首都のクイズです');
    await expectNoSeriousViolations(page, 'creation dialog filled from a spreadsheet');
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: `「${TITLE}」のタグ` })
      .getByRole('link', { name: '首都' })
      .waitFor();
    const mine = await page.evaluate(
      async () => (await (await fetch('/api/my-quizzes')).json()) as { id: string; title: string }[],
    );
    const quizId = mine.find((quiz) => quiz.title === TITLE)!.id;

    // pro finds it by its tag and plays it to the end, always the first option.
    const player = await e2e.browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const playerPage = await player.newPage();
    await logIn(playerPage, appUrl, 'pro', 'Pro#2026pass');
    await playerPage.goto(`${appUrl}/tags/${encodeURIComponent('首都')}`);
    await playerPage.getByRole('heading', { name: TITLE }).waitFor();
    await playerPage.goto(`${appUrl}/quiz/${quizId}`);
    await playerPage.getByRole('button', { name: 'スタート' }).click();
    await playerPage.getByRole('img', { name: '東京駅の駅舎の写真' }).waitFor();
    for (let question = 0; question < ROWS.length; question++) {
      await playerPage.keyboard.press('1');
      await playerPage.locator('.feedback').waitFor();
      await playerPage
        .getByRole('button', { name: question === ROWS.length - 1 ? '結果を見る' : '次の問題へ' })
        .click();
    }
    await playerPage.locator('.toast').getByText('クイズ完了！').waitFor();
    await player.close();

    // The author's analytics: one play by one person; 1 of 3 right (A, A, A against A, B, B).
    await page.goto(`${appUrl}/my-quizzes`);
    await page.getByRole('link', { name: `「${TITLE}」の分析` }).click();
    await page.waitForURL(`${appUrl}/my-quizzes/${quizId}/analytics`);
    await page.getByText('プレイ回数').waitFor();
    expect(await page.locator('.analytics-totals dd').allTextContents()).toEqual(['1回', '1人', '33.3%']);
    await page.screenshot({ path: join(SCREENSHOTS, 'authoring-analytics-1366.png'), fullPage: true });

    // Exported as CSV, the file imports back to the same questions.
    await page.getByRole('link', { name: 'マイクイズに戻る' }).click();
    await page.getByRole('button', { name: `「${TITLE}」の書き出し` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV（.csv）' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.csv`);
    const file = await readFile((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const back = await uploadAsPage<ImportResult>(page, '/api/quizzes/import', file, `${TITLE}.csv`);
    expect(back.errors).toEqual([]);
    expect(asRows(back)).toEqual(
      ROWS.map((row) => [...row.slice(0, 5), row[5] === '2' ? 'B' : row[5], row[6]]),
    );
    await context.close();
  });
});
