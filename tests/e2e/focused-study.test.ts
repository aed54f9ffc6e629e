import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { japanDate } from '@functions/lib/japan-time';
import { WrongAnswerKeys } from '@functions/learning/learning-keys';
import { createUser } from '@functions/users/user';
import { findUserByUsername } from '@functions/users/user-store';
import { UserKeys } from '@functions/users/user-keys';
import { expectNoSeriousViolations } from '../support/axe';
import { makeTextPdf } from '../support/documents';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';
import { HISTORY_NOTES } from '../support/study-material';

/**
 * Focused study in real Chromium, as the seeded advanced member: material (pasted text and a PDF
 * with the upload's progress bar), a session of all three question types (a sort done by keyboard
 * and another by dragging), the result saved as a set, the set replayed, and a due review. A free
 * member sees the upgrade prompt. A member of their own reloads in the middle of a session and
 * goes on where they left it.
 */
const e2e = useE2EStack();

/** The labels of a sort's items, top to bottom. */
const sortOrder = (page: Page) => page.locator('.sortable__label').allTextContents();

/** Answers the question shown; a sort is changed by keyboard (the first) or by dragging (later ones). */
async function answer(
  page: Page,
  sortsDone: number,
): Promise<'multiple_choice' | 'multiple_select' | 'sort_order'> {
  const hint = await page.locator('.study-answer__hint').textContent();
  const next = page.getByRole('button', { name: /^(次へ|結果を見る)$/ });
  if (hint!.includes('並べ替え')) {
    const before = await sortOrder(page);
    const handles = page.locator('.sortable__handle');
    if (sortsDone === 0) {
      // Keyboard: pick up the first item, move it down one place, put it down.
      await handles.first().focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      expect(await sortOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
    } else {
      // Drag: the first item's handle to below the last item.
      await drag(page, handles.first(), page.locator('.sortable__item').last());
      expect(await sortOrder(page)).toEqual([...before.slice(1), before[0]]);
    }
    expect(await next.isEnabled()).toBe(true);
    return 'sort_order';
  }
  // The other types need an answer before going on.
  expect(await next.isDisabled()).toBe(true);
  await page.locator('.study-option').first().click();
  expect(await next.isEnabled()).toBe(true);
  return hint!.includes('複数選択') ? 'multiple_select' : 'multiple_choice';
}

async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++)
    await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + to.height - from.y) * step) / 8);
  await page.mouse.up();
}

async function answerSession(page: Page) {
  const total = Number((await page.locator('.study-run__count').textContent())!.split('/')[1]);
  const types = new Set<string>();
  let sorts = 0;
  for (let index = 0; index < total; index++) {
    await page.getByText(`問題 ${index + 1} / ${total}`).waitFor();
    const type = await answer(page, sorts);
    if (type === 'sort_order') sorts += 1;
    types.add(type);
    await page.getByRole('button', { name: index === total - 1 ? '結果を見る' : '次へ' }).click();
  }
  return { total, types, sorts };
}

/** What the member has chosen on the question shown: the selected options, or the sort's order. */
async function chosen(page: Page) {
  if ((await page.locator('.sortable__label').count()) > 0) return sortOrder(page);
  return page.locator('.study-option.is-selected').allTextContents();
}

describe('focused study', () => {
  it('shows members who are not advanced the upgrade prompt', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    await page.goto(`${e2e.stack().appUrl}/focused-study`);
    await page.getByRole('heading', { name: '集中学習はアドバンスド会員限定の機能です' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'アドバンスド会員にアップグレード' }).getAttribute('href'),
    ).toBe('/pro-checkout');
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-upgrade.png'), fullPage: true });
    await page.close();
  });

  it('takes an advanced member from material to a session of three types, a saved set, a replay and a due review', async () => {
    const appUrl = e2e.stack().appUrl;
    const page = await e2e.browser().newPage({ viewport: { width: 1366, height: 900 } });
    await logIn(page, appUrl, 'pro', 'Pro#2026pass');
    await page.goto(`${appUrl}/focused-study`);
    await page.getByRole('tab', { name: '学習' }).waitFor();

    // Material: pasted text, then a PDF by presigned upload with the progress bar.
    await page.getByRole('tab', { name: /教材/ }).click();
    await page.getByRole('button', { name: '教材に追加' }).click();
    await page.getByText('最低10文字のテキストを入力してください').waitFor();
    await page.getByLabel('学習したい文章').fill(HISTORY_NOTES.join('\n'));
    await page.getByRole('button', { name: '教材に追加' }).click();
    await page.getByText('登録済みの教材（1 / 20件）').waitFor();
    await page.locator('#study-upload-input').setInputFiles({
      name: '戦国と明治.pdf',
      mimeType: 'application/pdf',
      buffer: makeTextPdf(HISTORY_NOTES),
    });
    await page.getByText('戦国と明治.pdf（').waitFor();
    await page.getByRole('button', { name: 'アップロード' }).click();
    await page.getByRole('progressbar', { name: 'アップロードの進み具合' }).waitFor();
    await page.getByText('登録済みの教材（2 / 20件）').waitFor();
    await page.getByText('PDF・', { exact: false }).first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-materials.png'), fullPage: true });

    // A session by the default settings: 10 questions of all three types.
    await page.getByRole('tab', { name: '学習' }).click();
    await page.getByRole('button', { name: '学習を開始' }).click();
    await page.getByText('問題 1 / 10').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-question.png'), fullPage: true });
    const session = await answerSession(page);
    expect(session.types).toEqual(new Set(['multiple_choice', 'multiple_select', 'sort_order']));
    expect(session.sorts).toBeGreaterThanOrEqual(2);
    await page.getByRole('heading', { name: '学習結果' }).waitFor();
    const score = Number((await page.locator('.study-result__score span').textContent())!);
    expect(score).toBeLessThan(10);
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-result.png'), fullPage: true });

    // Saved as a set (the title is required), then replayed.
    await page.getByRole('button', { name: '問題セットとして保存' }).click();
    const dialog = page.getByRole('dialog', { name: '問題セットとして保存' });
    await dialog.getByRole('button', { name: '保存する' }).click();
    await dialog.getByText('タイトルを入力してください').waitFor();
    await dialog.getByLabel('タイトル').fill('戦国と明治の年号');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await page.locator('.toast').getByText('問題セットを保存しました').waitFor();
    await page.locator('.study-result__actions').getByRole('button', { name: '閉じる' }).click();
    await page.getByRole('tab', { name: /保存セット\s*1/ }).click();
    await page.getByRole('heading', { name: '戦国と明治の年号' }).waitFor();
    await page.getByRole('button', { name: '解く' }).click();
    await page.getByText('問題 1 / 10').waitFor();
    await answerSession(page);
    await page.getByRole('heading', { name: '学習結果' }).waitFor();
    await page.locator('.study-result__actions').getByRole('button', { name: '閉じる' }).click();
    await page.getByRole('tab', { name: /保存セット/ }).click();
    await page.getByText('1回プレイ').waitFor();

    // A day later (the member's reviews made due), the study tab shows them and starts a review.
    const user = (await findUserByUsername('pro'))!;
    const reviews = await queryAll<Record<string, string>>({
      partition: UserKeys.pk({ userId: user.id }),
      beginsWith: WrongAnswerKeys.skPrefix(),
    });
    expect(reviews.length).toBeGreaterThan(0);
    const today = japanDate(new Date());
    for (const item of reviews)
      await db.update({
        Key: { pk: item.pk!, sk: item.sk! },
        UpdateExpression: 'SET nextReviewDate = :today, gsi1sk = :sk',
        ExpressionAttributeValues: { ':today': today, ':sk': `${today}#${item.quizId}#${item.questionId}` },
      });
    await page.reload();
    await page.getByRole('tab', { name: '学習' }).click();
    await page.locator('.study-reviews__due strong').getByText(String(reviews.length)).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-review.png'), fullPage: true });
    await page.getByRole('button', { name: '復習を始める' }).click();
    await page.getByText(`問題 1 / ${reviews.length}`).waitFor();
    await page.close();
  });

  it('resumes a session after a reload where the member left it, with their answers, and generates nothing twice', async () => {
    const appUrl = e2e.stack().appUrl;
    const username = `resume_${Date.now().toString(36)}`;
    await createUser({
      username,
      nickname: '途中から',
      email: `${username}@example.com`,
      password: 'Resume#2026pass',
      proGranted: true,
      isEmailVerified: true,
    });
    // A context of its own: axe checks the offer.
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, appUrl, username, 'Resume#2026pass');
    await page.goto(`${appUrl}/focused-study`);
    await page.getByRole('tab', { name: /教材/ }).click();
    await page.getByLabel('学習したい文章').fill(HISTORY_NOTES.join('\n'));
    await page.getByRole('button', { name: '教材に追加' }).click();
    await page.getByText('登録済みの教材（1 / 20件）').waitFor();
    await page.getByRole('tab', { name: '学習' }).click();
    await page.getByText('本日のAI生成：残り 200 / 200回').waitFor();

    // Two questions answered, then the page is reloaded on question 3.
    await page.getByRole('button', { name: '学習を開始' }).click();
    await page.getByText('問題 1 / 10').waitFor();
    const given: string[][] = [];
    let sorts = 0;
    for (let index = 0; index < 2; index++) {
      if ((await answer(page, sorts)) === 'sort_order') sorts += 1;
      given.push(await chosen(page));
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes('/progress') &&
          (response.request().postDataJSON() as { currentQuestionIndex: number }).currentQuestionIndex ===
            index + 1,
      );
      await page.getByRole('button', { name: '次へ' }).click();
      expect((await saved).status()).toBe(200);
    }
    await page.getByText('問題 3 / 10').waitFor();
    await page.reload();

    // The study tab offers it: question 3, two answered; no generation was spent again.
    const card = page.locator('section.study-resume');
    await card.getByRole('heading', { name: '途中の学習があります' }).waitFor();
    expect(await card.locator('.study-resume__summary').textContent()).toBe(
      '今日の学習：10問中 2問に回答済み・問題 3 から',
    );
    await page.getByText('本日のAI生成：残り 199 / 200回').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-resume-1366.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'focused study, resume offer, 1366 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: '続きから' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-resume-390.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'focused study, resume offer, 390 px');

    // Starting again asks first; 「続きから」 goes on at question 3.
    await page.getByRole('button', { name: '学習を開始' }).click();
    const offer = page.getByRole('dialog', { name: '途中の学習があります' });
    await offer.getByText('新しく始めると、AI生成を1回使います。').waitFor();
    // Photographed once it has faded in.
    await offer.evaluate((dialog) =>
      Promise.all(dialog.getAnimations().map((animation) => animation.finished)),
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-resume-offer-390.png') });
    await expectNoSeriousViolations(page, 'focused study, start while unfinished, 390 px');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, 'focused-study-resume-offer-1366.png') });
    await offer.getByRole('button', { name: '続きから' }).click();
    await page.getByText('問題 3 / 10').waitFor();

    // The answers given are there as given.
    await page.getByRole('button', { name: '前へ' }).click();
    await page.getByText('問題 2 / 10').waitFor();
    expect(await chosen(page)).toEqual(given[1]);
    await page.getByRole('button', { name: '前へ' }).click();
    await page.getByText('問題 1 / 10').waitFor();
    expect(await chosen(page)).toEqual(given[0]);
    for (const step of [2, 3]) {
      await page.getByRole('button', { name: '次へ' }).click();
      await page.getByText(`問題 ${step} / 10`).waitFor();
    }

    // The rest, then the result; the session is no longer offered and one generation was used.
    for (let index = 2; index < 10; index++) {
      await page.getByText(`問題 ${index + 1} / 10`).waitFor();
      if ((await answer(page, sorts)) === 'sort_order') sorts += 1;
      await page.getByRole('button', { name: index === 9 ? '結果を見る' : '次へ' }).click();
    }
    await page.getByRole('heading', { name: '学習結果' }).waitFor();
    await page.locator('.study-result__actions').getByRole('button', { name: '閉じる' }).click();
    await page.getByText('本日のAI生成：残り 199 / 200回').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: '前回の学習' }).waitFor();
    await page.getByText('10問中').waitFor();
    expect(await page.locator('section.study-resume').count()).toBe(0);
    await context.close();
  });
});
