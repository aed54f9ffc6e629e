import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/** Playing a seeded quiz in real Chromium: as a guest, signed in with rating, in random order, and out of time. */
const screenshots = SCREENSHOTS;
const QUIZ = 'sample-science-basics';

const e2e = useE2EStack();

/** Answers every question with the given key (keyboard play), returning how many were right. */
async function answerAll(page: Page, key: string) {
  const total = Number((await page.locator('.play-bar__progress').textContent())!.split('/')[1]);
  let correct = 0;
  for (let question = 0; question < total; question++) {
    await page.keyboard.press(key);
    const feedback = page.locator('.feedback');
    await feedback.waitFor();
    if ((await feedback.getAttribute('class'))!.includes('is-correct')) correct += 1;
    await page.getByRole('button', { name: question === total - 1 ? '結果を見る' : '次の問題へ' }).click();
  }
  return { total, correct };
}

describe('quiz play', () => {
  it('lets a guest play a quiz to the end with feedback, without saving', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.stack().appUrl}/quiz/${QUIZ}`);
    await page.getByRole('heading', { name: '身近な科学の基礎' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'play-intro.png'), fullPage: true });
    await page.getByRole('button', { name: 'スタート' }).click();
    await page.getByText('問題 1 / 5').waitFor();
    await page.getByText('10:00').or(page.getByText('09:59')).first().waitFor();
    await page.getByRole('button', { name: /^B（2）/ }).click();
    await page.getByText('正解！').waitFor();
    expect(await page.getByRole('button', { name: /^A（1）/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(screenshots, 'play-question.png'), fullPage: true });
    await page.getByRole('button', { name: '次の問題へ' }).click();
    for (let question = 2; question <= 5; question++) {
      await page.keyboard.press('1');
      await page.locator('.feedback').waitFor();
      await page.getByRole('button', { name: question === 5 ? '結果を見る' : '次の問題へ' }).click();
    }
    await page.getByText('/ 5 問正解').waitFor();
    await page.getByText('ログインすると結果が保存されます。').waitFor();
    await page.screenshot({ path: join(screenshots, 'play-result-guest.png'), fullPage: true });
    await page.close();
  });

  it("saves a signed-in player's result and takes a rating", async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    await page.goto(`${e2e.stack().appUrl}/quiz/${QUIZ}`);
    await page.getByRole('button', { name: 'スタート' }).click();
    const { total, correct } = await answerAll(page, 'B');
    await page.getByText(`${correct} / ${total} 問正解`).first().waitFor();
    await page.locator('.toast').getByText('クイズ完了！').waitFor();
    const submit = page.getByRole('button', { name: '評価を送信' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '4つ星' }).click();
    await page.screenshot({ path: join(screenshots, 'play-rating.png'), fullPage: true });
    await submit.click();
    await page.locator('.toast').getByText('評価ありがとうございます！').waitFor();
    await submit.waitFor({ state: 'detached' });
    const quiz = (await (await fetch(`${e2e.stack().gateway.url}/api/quizzes/${QUIZ}`)).json()) as {
      totalPlayers: number;
      averageRating: number;
    };
    expect(quiz.totalPlayers).toBe(1);
    expect(quiz.averageRating).toBe(4);

    // The profile shows the play, its mistakes and the updated numbers.
    await page.getByRole('link', { name: 'マイページ' }).first().click();
    await page.getByRole('heading', { name: /こんにちは、デモユーザー さん/ }).waitFor();
    const history = page.locator('.history-list__item', { hasText: '身近な科学の基礎' });
    await history.waitFor();
    expect(await history.textContent()).toContain(`正答率 ${Math.round((correct / total) * 100)}%`);
    if (correct < total) expect(await history.locator('.mistakes li').count()).toBe(total - correct);
    expect(await page.locator('.stat-card', { hasText: '解いたクイズ' }).textContent()).toContain('1');
    await page.locator('.activity-list__item--quiz_completed').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'profile.png'), fullPage: true });
    await page.close();
  });

  it('shows the random badge for both spellings and ends the quiz when time runs out', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/quiz/${QUIZ}?random=1`);
    await page.getByText('ランダム出題').waitFor();
    await page.clock.install();
    await page.goto(`${e2e.stack().appUrl}/quiz/${QUIZ}?mode=random`);
    await page.getByText('ランダム出題').waitFor();
    await page.getByRole('button', { name: 'スタート' }).click();
    await page.getByText('問題 1 / 5').waitFor();
    await page.clock.runFor('10:01');
    await page.getByText('0 / 5 問正解').waitFor();
    await page.close();
  });

  it('shows the load failure with an exit button for an unknown quiz', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/quiz/no-such-quiz`);
    await page.getByRole('heading', { name: 'クイズの読み込みに失敗しました。' }).waitFor();
    await page.getByRole('button', { name: '終了する' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await page.close();
  });
});
