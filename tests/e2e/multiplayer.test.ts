import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { callAsPage, logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * Multiplayer in real Chromium: two members in two browser contexts (demo hosts, pro joins by
 * code) play a whole two-question game to the podium; then a reload in the middle of a question
 * puts the member back on it with the clock still running.
 */
const e2e = useE2EStack();

const MEMBERS = {
  host: { username: 'demo', password: 'Demo#2026pass', nickname: 'デモユーザー' },
  guest: { username: 'pro', password: 'Pro#2026pass', nickname: 'プロ会員' },
} as const;

/** A signed-in member's own browser. */
async function signedIn(member: (typeof MEMBERS)[keyof typeof MEMBERS], width = 1280) {
  const context = await e2e.browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logIn(page, e2e.stack().appUrl, member.username, member.password);
  return { context, page };
}

let registered = 0;

/**
 * A new member of their own, registered through the API in a browser of their own (signed in
 * there): tests that create rooms or quizzes do not share a seat or a free member's quiz quota
 * with the other tests of the file.
 */
async function newMember(nickname: string, width = 1280) {
  registered += 1;
  const member = {
    username: `mp_e2e_${registered}_${Date.now().toString(36)}`.slice(0, 20),
    password: 'Mp#2026e2e-pass',
    nickname,
  };
  const context = await e2e.browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(e2e.stack().appUrl);
  await callAsPage(page, 'POST', '/api/auth/register', {
    ...member,
    email: `${member.username}@example.com`,
  });
  return { member, context, page };
}

/** Publishes a two-question quiz as the signed-in member of `page` (the API, as admin.test does). */
async function publishQuiz(
  page: Page,
  title: string,
  options: { isPublished?: boolean; category?: string } = {},
) {
  return callAsPage<{ id: string }>(page, 'POST', '/api/quizzes', {
    quiz: {
      title,
      description: 'マルチプレイのE2E用クイズです',
      category: options.category ?? '一般知識',
      difficulty: '初級',
      isPublished: options.isPublished ?? true,
    },
    questions: [
      {
        questionText: '日本の首都は？',
        optionA: '東京',
        optionB: '大阪',
        optionC: '京都',
        optionD: '名古屋',
        correctAnswer: 'A',
        explanation: '日本の首都は東京です。',
      },
      {
        questionText: '富士山がある県は山梨県と？',
        optionA: '長野県',
        optionB: '静岡県',
        correctAnswer: 'B',
      },
    ],
  });
}

/** The host creates a room on the quiz (60 s per question) and gets its code. */
async function createRoom(host: Page, quizTitle: string) {
  await host.goto(`${e2e.stack().appUrl}/multiplayer`);
  await host.getByText('オンライン').waitFor();
  await host.getByLabel('キーワード').fill(quizTitle);
  await host.getByRole('radio', { name: new RegExp(quizTitle) }).check();
  // The slider's highest step, 60 seconds: no step of the journey depends on how fast the machine is.
  await host.getByRole('slider', { name: /回答時間/ }).press('End');
  expect(await host.getByRole('slider', { name: /回答時間/ }).inputValue()).toBe('60');
  await host.getByRole('button', { name: 'ルームを作成' }).click();
  const heading = host.getByRole('heading', { name: /ルーム\s?[A-Z2-9]{6}/ });
  await heading.waitFor();
  return /[A-Z2-9]{6}/.exec((await heading.textContent()) ?? '')![0];
}

/** The guest joins by typing the code (in lower case: the box upper-cases it). */
async function joinRoom(guest: Page, code: string) {
  await guest.goto(`${e2e.stack().appUrl}/multiplayer`);
  await guest.getByText('オンライン').waitFor();
  await guest.getByLabel('ルームコード').fill(code.toLowerCase());
  expect(await guest.getByLabel('ルームコード').inputValue()).toBe(code);
  await guest.getByRole('button', { name: '参加する' }).click();
  await guest.getByRole('heading', { name: new RegExp(`ルーム\\s?${code}`) }).waitFor();
}

/** Both press ready; the game starts by itself with the 3-2-1. */
async function readyBoth(host: Page, guest: Page) {
  await host.getByRole('tab', { name: 'プレイヤー (2/4)' }).waitFor();
  await host.getByRole('button', { name: '準備完了にする' }).click();
  await guest.getByRole('button', { name: '準備完了にする' }).click();
}

const answer = (page: Page, letter: string) => page.getByRole('button', { name: new RegExp(`^${letter}: `) });

async function closeAll(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.close()));
}

describe('multiplayer', () => {
  // First: the pro member holds no seat yet (the games below leave theirs held for a rejoin).
  it("finds any quiz of the catalogue by words and category, with the host's own first and private ones said unusable", async () => {
    const pro = await signedIn(MEMBERS.guest, 1366);
    await publishQuiz(pro.page, 'E2E 地理の下書き', { isPublished: false, category: '地理' });
    await publishQuiz(pro.page, 'E2E 地理の自作クイズ', { category: '地理' });
    for (const width of [1366, 390]) {
      await pro.page.setViewportSize({ width, height: 900 });
      await pro.page.goto(`${e2e.stack().appUrl}/multiplayer`);
      await pro.page.getByText('オンライン').waitFor();
      await pro.page.getByLabel('カテゴリ').selectOption('地理');
      await pro.page.getByLabel('キーワード').fill('地理');
      const draft = pro.page.getByRole('radio', { name: /E2E 地理の下書き/ });
      expect(await draft.isDisabled()).toBe(true);
      await pro.page.getByText('非公開のため対戦には使えません').waitFor();
      // A seeded quiz of the category, found by the search index rather than among the newest.
      await pro.page.locator('.quiz-picker__group', { hasText: 'みんなのクイズ' }).waitFor();
      await pro.page.getByRole('radio', { name: /E2E 地理の自作クイズ/ }).check();
      await pro.page.locator('.mp-create').screenshot({
        path: join(SCREENSHOTS, `multiplayer-picker-${width}.png`),
      });
    }
    await expectNoSeriousViolations(pro.page, 'multiplayer picker');
    await closeAll(pro.context);
  });

  it('plays a whole game in two browsers: create, join by code, ready, answer, results, podium', async () => {
    const host = await signedIn(MEMBERS.host);
    const guest = await signedIn(MEMBERS.guest, 390);
    const quiz = await publishQuiz(host.page, 'E2E 対戦クイズ');
    const code = await createRoom(host.page, 'E2E 対戦クイズ');
    await host.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-room.png'), fullPage: true });
    await expectNoSeriousViolations(host.page, 'multiplayer room');
    await joinRoom(guest.page, code);
    await host.page.getByText(`${MEMBERS.guest.nickname}さんが参加しました`).waitFor();

    // The chat carries a greeting both ways.
    await guest.page.getByLabel('メッセージ').fill('よろしくお願いします！');
    await guest.page.getByLabel('メッセージ').press('Enter');
    await host.page.getByRole('log').getByText('よろしくお願いします！').waitFor();

    await readyBoth(host.page, guest.page);
    await host.page.getByRole('heading', { name: 'まもなくスタート！' }).waitFor();

    // Each attempt is recorded once at the end of the game.
    const attemptSaved = (page: Page) =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api/quizzes/${quiz.id}/attempt`) &&
          response.request().method() === 'POST',
      );
    const saved = Promise.all([attemptSaved(host.page), attemptSaved(guest.page)]);

    // Question 1: the host is right, the guest wrong; both answer, so the reveal comes at once.
    await host.page.getByRole('heading', { name: '日本の首都は？' }).waitFor();
    await guest.page.getByRole('heading', { name: '日本の首都は？' }).waitFor();
    await host.page.getByRole('timer').waitFor();
    await host.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-question.png'), fullPage: true });
    await answer(host.page, 'A').click();
    expect(await answer(host.page, 'B').isDisabled()).toBe(true);
    await answer(guest.page, 'B').click();
    await host.page.getByRole('heading', { name: '正解！' }).waitFor();
    await guest.page.getByRole('heading', { name: '不正解...' }).waitFor();
    await host.page.getByText('日本の首都は東京です。').waitFor();
    await host.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-reveal.png'), fullPage: true });

    // Question 2 (two options only): both right.
    await host.page.getByRole('heading', { name: '富士山がある県は山梨県と？' }).waitFor();
    await guest.page.getByRole('heading', { name: '富士山がある県は山梨県と？' }).waitFor();
    expect(await host.page.getByRole('button', { name: /^C: / }).count()).toBe(0);
    await answer(guest.page, 'B').click();
    await answer(host.page, 'B').click();
    await host.page.getByRole('heading', { name: '正解！' }).waitFor();

    // The podium and the ranking: the host won (two right against one).
    for (const page of [host.page, guest.page]) {
      await page.getByRole('heading', { name: 'ゲーム終了！' }).waitFor();
      await page.getByText(`優勝は ${MEMBERS.host.nickname} さん！`, { exact: false }).waitFor();
      const table = page.getByRole('table');
      await table.getByRole('rowheader', { name: MEMBERS.host.nickname }).waitFor();
      await table.getByRole('rowheader', { name: MEMBERS.guest.nickname }).waitFor();
    }
    expect(
      await host.page.getByRole('row', { name: new RegExp(MEMBERS.host.nickname) }).textContent(),
    ).toContain('2/2');
    expect(
      await guest.page.getByRole('row', { name: new RegExp(MEMBERS.guest.nickname) }).textContent(),
    ).toContain('1/2');
    await host.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-finished.png'), fullPage: true });
    await guest.page.screenshot({
      path: join(SCREENSHOTS, 'multiplayer-finished-phone.png'),
      fullPage: true,
    });
    const [hostAttempt, guestAttempt] = await saved;
    expect(hostAttempt.status()).toBe(201);
    expect(guestAttempt.status()).toBe(201);
    expect((await hostAttempt.json()) as { score: number }).toMatchObject({ score: 2, totalQuestions: 2 });
    expect((await guestAttempt.json()) as { score: number }).toMatchObject({ score: 1, totalQuestions: 2 });

    // The room returns to waiting for everyone.
    await host.page.getByRole('button', { name: '準備完了にする' }).waitFor();
    await guest.page.getByRole('button', { name: '準備完了にする' }).waitFor();
    // Leaving returns to the lobby (a member who just closed the tab would keep the seat for 60 s).
    for (const page of [guest.page, host.page]) {
      await page.getByRole('button', { name: '退出する' }).click();
      await page.getByText('オンライン').waitFor();
    }
    await closeAll(host.context, guest.context);
  });

  it('puts a member who reloads mid-question back on the question with the clock and their answer', async () => {
    const host = await signedIn(MEMBERS.host);
    const guest = await signedIn(MEMBERS.guest);
    await publishQuiz(host.page, 'E2E 再接続クイズ');
    const code = await createRoom(host.page, 'E2E 再接続クイズ');
    await joinRoom(guest.page, code);
    await readyBoth(host.page, guest.page);

    await guest.page.getByRole('heading', { name: '日本の首都は？' }).waitFor();
    await answer(guest.page, 'A').click();
    await guest.page.getByText('回答しました！', { exact: false }).waitFor();

    // The reloaded page opens one game socket at once and sends auth as soon as it is open.
    const sockets: string[][] = [];
    guest.page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/ws')) return;
      const frames: string[] = [];
      sockets.push(frames);
      socket.on('framesent', (frame) => frames.push(String(frame.payload)));
    });
    const reloadedAt = Date.now();
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: '日本の首都は？' }).waitFor();
    console.log(`rejoin after a reload: ${Date.now() - reloadedAt} ms to the question`);
    expect(sockets).toHaveLength(1);
    expect(JSON.parse(sockets[0]![0]!)).toEqual({ type: 'auth' });
    await guest.page.getByRole('timer').waitFor();
    expect(await answer(guest.page, 'A').getAttribute('aria-pressed')).toBe('true');
    expect(await answer(guest.page, 'B').isDisabled()).toBe(true);
    await guest.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-rejoined.png'), fullPage: true });

    // The game goes on for both: the host answers and the reveal reaches the reloaded page.
    await answer(host.page, 'A').click();
    await guest.page.getByRole('heading', { name: '正解！' }).waitFor();
    await host.page.getByRole('heading', { name: '正解！' }).waitFor();
    await closeAll(host.context, guest.context);
  });
  it('starts a room from a quiz page with 「みんなで遊ぶ」, through the login for a guest, on that quiz', async () => {
    const author = await newMember('作問者');
    const quiz = await publishQuiz(author.page, 'E2E みんなで遊ぶクイズ');
    const player = await newMember('みんなで');
    await player.context.close();
    // A guest: the button goes through the login and comes back to the lobby with the quiz chosen.
    const context = await e2e.browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${e2e.stack().appUrl}/quiz/${quiz.id}`);
    await page.getByRole('link', { name: 'みんなで遊ぶ' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('ユーザー名').fill(player.member.username);
    await page.getByLabel('パスワード').fill(player.member.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/multiplayer?quiz=${quiz.id}`);
    const chosen = page.locator('.quiz-picker__chosen');
    await chosen.getByText('E2E みんなで遊ぶクイズ').waitFor();
    // On a phone the create form comes first when a quiz was chosen for it (both forms once they
    // are laid out: `boundingBox` does not wait, and answers null for a form not shown yet).
    const [create, join] = await Promise.all(
      ['.mp-create', '.mp-join'].map(async (selector) => {
        await page.locator(selector).waitFor();
        return (await page.locator(selector).boundingBox())!.y;
      }),
    );
    expect(create).toBeLessThan(join!);
    await page.getByText('オンライン').waitFor();
    await page.getByRole('button', { name: 'ルームを作成' }).click();
    await page.getByRole('heading', { name: /ルーム\s?[A-Z2-9]{6}/ }).waitFor();
    await page.getByRole('tab', { name: 'ルーム設定' }).click();
    expect(await page.getByRole('radio', { name: /E2E みんなで遊ぶクイズ/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '退出する' }).click();
    await closeAll(author.context, context);
  });

  it('ends a 0–0 game in 「引き分け」 naming both players; the final heading takes focus without a ring after keyboard play', async () => {
    const host = await newMember('引き分けA', 1366);
    const guest = await newMember('引き分けB', 390);
    await publishQuiz(host.page, 'E2E 引き分けクイズ');
    const code = await createRoom(host.page, 'E2E 引き分けクイズ');
    await joinRoom(guest.page, code);
    await readyBoth(host.page, guest.page);
    // Both wrong, both by keyboard (2 and 3 are B and C; A is right), in both questions.
    for (const text of ['日本の首都は？', '富士山がある県は山梨県と？']) {
      await host.page.getByRole('heading', { name: text }).waitFor();
      await guest.page.getByRole('heading', { name: text }).waitFor();
      await host.page.keyboard.press(text === '日本の首都は？' ? '2' : '1');
      await guest.page.keyboard.press(text === '日本の首都は？' ? '3' : '1');
      await host.page.getByRole('heading', { name: '不正解...' }).waitFor();
    }
    for (const page of [host.page, guest.page]) {
      const heading = page.getByRole('heading', { name: 'ゲーム終了！' });
      await heading.waitFor();
      await page
        .getByText(
          `引き分け！ ${host.member.nickname}さん・${guest.member.nickname}さんが同点で1位です（0点）`,
        )
        .waitFor();
      expect(await page.getByText('優勝は').count()).toBe(0);
      // Focused by script for screen readers (it matches :focus-visible after keyboard play), but no ring.
      const focus = await heading.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          focused: document.activeElement === element,
          focusVisible: element.matches(':focus-visible'),
          outline: style.outlineStyle,
          shadow: style.boxShadow,
        };
      });
      expect(focus).toEqual({ focused: true, focusVisible: true, outline: 'none', shadow: 'none' });
    }
    await host.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-tie-1366.png'), fullPage: true });
    await guest.page.screenshot({ path: join(SCREENSHOTS, 'multiplayer-tie-390.png'), fullPage: true });
    await closeAll(host.context, guest.context);
  });
});
