import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/** The quiz catalogue in real Chromium: create, find, edit, favourite, report, delete. */
const screenshots = SCREENSHOTS;

const e2e = useE2EStack();

describe('quizzes', () => {
  it('creates a quiz in the dialog, finds it, edits it, favourites it, reports another, and deletes it', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');

    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('heading', { name: 'マイクイズ' }).waitFor();
    await page.getByText('まだクイズがありません').waitFor();
    await page.getByRole('button', { name: 'クイズを作成' }).click();
    const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
    await dialog.getByText('残り3件作成可能（無料会員: 0/3件）').waitFor();
    expect(await dialog.getByLabel('非公開（アドバンスド会員限定）').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.getByText('タイトルは必須です').waitFor();
    await dialog.getByText('質問文は必須です').waitFor();
    await dialog.getByLabel('タイトル').fill('E2E 動物クイズ');
    await dialog.getByLabel('カテゴリ').selectOption('科学');
    await dialog.getByLabel('説明').fill('動物の特徴についてのクイズです');
    await dialog.getByLabel('質問文').fill('哺乳類はどれ？');
    await dialog.getByLabel('選択肢A').fill('イルカ');
    await dialog.getByLabel('選択肢B').fill('マグロ');
    await dialog.getByRole('button', { name: '問題を追加' }).click();
    await dialog.getByLabel('質問文').nth(1).fill('鳥類はどれ？');
    await dialog.getByLabel('選択肢A').nth(1).fill('コウモリ');
    await dialog.getByLabel('選択肢B').nth(1).fill('ペンギン');
    await dialog.getByLabel('正解').nth(1).selectOption('B');
    await page.screenshot({ path: join(screenshots, 'create-quiz.png') });
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'E2E 動物クイズ' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'my-quizzes.png'), fullPage: true });

    await page.goto(`${e2e.stack().appUrl}/quiz-search`);
    await page.getByPlaceholder('キーワードでクイズを検索').fill('ｅ２ｅ　動物');
    await page.getByRole('heading', { name: 'E2E 動物クイズ' }).waitFor();
    await page.getByText('1件のクイズ').waitFor();
    await page.screenshot({ path: join(screenshots, 'quiz-search.png'), fullPage: true });
    await page.getByRole('button', { name: 'お気に入りに追加' }).click();
    await page.getByRole('button', { name: 'お気に入りから外す' }).waitFor();

    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('button', { name: '編集' }).click();
    const edit = page.getByRole('dialog', { name: 'クイズを編集' });
    await edit.getByLabel('タイトル').fill('E2E 動物クイズ 改訂版');
    await edit.getByLabel('制限時間（分）').fill('5');
    await edit.getByRole('button', { name: '変更を保存' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'E2E 動物クイズ 改訂版' }).waitFor();
    await page.locator('.favorite-list').getByText('E2E 動物クイズ 改訂版').waitFor();

    await page.goto(e2e.stack().appUrl);
    const card = page.locator('.quiz-card', { hasText: '世界の首都クイズ' });
    await card.getByRole('button', { name: 'その他の操作' }).click();
    await page.getByRole('menuitem', { name: '報告する' }).click();
    const report = page.getByRole('dialog', { name: 'クイズを報告' });
    await report.getByRole('button', { name: '報告する' }).click();
    await report.getByText('報告理由を選択してください').waitFor();
    await report.getByLabel('内容の誤り').check();
    await report.getByLabel('詳細（任意）').fill('首都の説明を確認してください');
    await report.getByRole('button', { name: '報告する' }).click();
    await page.locator('.toast').getByText('報告が送信されました').waitFor();

    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('button', { name: '削除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除する' }).click();
    await page.getByText('まだクイズがありません').waitFor();
    await page.getByText('お気に入りのクイズはまだありません。').waitFor();
    await page.close();
  });
});
