import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
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
  it('lets a guest play a quiz to the end with feedback, review it, retry the misses, and sign in to come back', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // While the quiz loads, its card's shape stands in (not a blank page).
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**/api/quizzes/${QUIZ}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.stack().appUrl}/quiz/${QUIZ}`);
    await page.locator('.play-skeleton').waitFor();
    await page.screenshot({ path: join(screenshots, 'play-loading.png') });
    release();
    await page.getByRole('heading', { name: '身近な科学の基礎' }).waitFor();
    expect(await page.title()).toBe('身近な科学の基礎 | みんなのクイズ');
    await expectNoSeriousViolations(page, 'play intro');
    await page.screenshot({ path: join(screenshots, 'play-intro.png'), fullPage: true });
    await page.getByRole('button', { name: 'スタート' }).click();
    await page.getByText('問題 1 / 5').waitFor();
    // The question takes focus; the progress is a progress bar; the answer keys are said on screen.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('question-text');
    const progress = page.getByRole('progressbar', { name: '回答済みの問題' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    await page.getByText('でも選べます').waitFor();
    await page.getByText('10:00').or(page.getByText('09:59')).first().waitFor();
    await page.getByRole('button', { name: /^B .*（2）$/ }).click();
    await page.getByText('正解！').waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByRole('button', { name: /^A .*（1）$/ }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'play question with feedback');
    await page.screenshot({ path: join(screenshots, 'play-question.png'), fullPage: true });

    // Leaving mid-quiz asks first.
    await page
      .getByRole('navigation', { name: 'メインナビゲーション' })
      .getByRole('link', { name: 'ホーム' })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'クイズを中断しますか？' });
    await leave.getByRole('button', { name: 'クイズを続ける' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/quiz/${QUIZ}`);

    await page.getByRole('button', { name: '次の問題へ' }).click();
    for (let question = 2; question <= 5; question++) {
      await page.keyboard.press('1');
      await page.locator('.feedback').waitFor();
      await page.getByRole('button', { name: question === 5 ? '結果を見る' : '次の問題へ' }).click();
    }
    await page.getByText('/ 5 問正解').waitFor();
    // Each question reviewed: the answer given, the right one, the explanation.
    const review = page.getByRole('region', { name: '答え合わせ' });
    expect(await review.locator('.review__item').count()).toBe(5);
    const wrong = await review.locator('.review__item.is-wrong').count();
    expect(wrong).toBeGreaterThan(0);
    expect(await review.locator('.review__item.is-wrong').first().textContent()).toContain('正解');
    // The guest line is a link to sign in; more quizzes are on the home page (search needs sign-in).
    const signIn = page.getByRole('link', { name: 'ログインすると結果が保存されます。' });
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect=%2Fquiz%2F${QUIZ}`);
    expect(await page.getByRole('link', { name: 'ほかのクイズを探す' }).getAttribute('href')).toBe('/');
    await expectNoSeriousViolations(page, 'play result');
    await page.screenshot({ path: join(screenshots, 'play-result-guest.png'), fullPage: true });

    // Only the questions missed, again, as practice.
    await page.getByRole('button', { name: `間違えた問題だけ再挑戦（${wrong}問）` }).click();
    await page.getByText(`問題 1 / ${wrong}`).waitFor();
    for (let question = 1; question <= wrong; question++) {
      await page.keyboard.press('2');
      await page.locator('.feedback').waitFor();
      await page.getByRole('button', { name: question === wrong ? '結果を見る' : '次の問題へ' }).click();
    }
    await page.getByRole('heading', { name: '間違えた問題の再挑戦の結果' }).waitFor();
    await page.getByText('再挑戦の結果は記録されません。').waitFor();

    // Signing in from the result comes back to the quiz.
    await page.goto(`${e2e.stack().appUrl}/login?redirect=%2Fquiz%2F${QUIZ}`);
    await page.getByLabel('ユーザー名').fill('pro');
    await page.getByLabel('パスワード').fill('Pro#2026pass');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/quiz/${QUIZ}`);
    await context.close();
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
    await page.getByRole('heading', { name: /こんにちは、\s*デモユーザー さん/ }).waitFor();
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
    // The result says the clock ended it, not that the quiz was completed.
    await page.getByRole('heading', { name: '時間切れ' }).waitFor();
    await page.getByText('制限時間（10分）になったため終了しました。').waitFor();
    await page.screenshot({ path: join(screenshots, 'play-timeout.png'), fullPage: true });
    await page.close();
  });

  it('says a quiz that is not there is not found (not a load failure), with the way home', async () => {
    const page = await e2e.browser().newPage();
    await page.goto(`${e2e.stack().appUrl}/quiz/no-such-quiz`);
    await page
      .getByRole('heading', { name: 'このクイズは見つかりません（削除されたか、非公開の可能性があります）' })
      .waitFor();
    await page.getByRole('button', { name: 'ホームに戻る' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await page.close();
  });
});
