import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signedInContext } from '../support/browser-session';
import { callAsPage, logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';
import { UNTIL_TRUE } from '../support/limits';

/**
 * Class games (issue 31) in real Chromium: a signed-in host opens a game from a quiz's page with
 * 「クラスで出題」, and three players join with the PIN — a guest on a 390 px phone (through the
 * lobby's join URL), a signed-in member (nickname filled in) and another guest — and play the whole
 * game: the phone reloads in the middle of a question and comes back to it with its resume token.
 * No step waits for the clock: every question ends because everyone answered or the host closed
 * it (「締め切る」), and the host moves on with 「次へ」.
 */
const e2e = useE2EStack();

const TITLE = 'E2E クラスゲームのクイズ';
const QUESTIONS = [
  { questionText: '日本の首都は？', options: ['東京', '大阪', '京都', '名古屋'], correctAnswer: 'A' },
  {
    questionText: '富士山がある県は山梨県と？',
    options: ['長野県', '静岡県', '岐阜県', '愛知県'],
    correctAnswer: 'B',
  },
  {
    questionText: '日本で一番長い川は？',
    options: ['利根川', '石狩川', '信濃川', '北上川'],
    correctAnswer: 'C',
  },
] as const;

/**
 * The answers chosen: totals then order the players whatever the points of speed (500–1,000 a
 * right answer): the phone is right three times, the member once, the second guest never (and
 * leaves the last question unanswered, so the host closes it).
 */
const PHONE = 'スマホの生徒';
const GUEST = 'もう一人の生徒';
const MEMBER = 'クラス会員';

const option = (page: Page, letter: string) =>
  page
    .getByRole('group', { name: '回答を選んでください' })
    .getByRole('button', { name: new RegExp(`^${letter}（`) });

async function closeAll(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.close()));
}

/** Types the PIN (and a nickname unless it is already filled in) and joins. */
async function joinWith(page: Page, pin: string, nickname?: string) {
  await page.getByRole('heading', { name: 'クラスゲームに参加' }).waitFor();
  const pinBox = page.getByLabel('PIN（6桁の数字）');
  if ((await pinBox.inputValue()) !== pin) await pinBox.fill(pin);
  if (nickname !== undefined) await page.getByLabel('ニックネーム').fill(nickname);
  await page.getByRole('button', { name: '参加する' }).click();
  await page.getByRole('heading', { name: '参加しました！' }).waitFor();
}

/** The player's screen after a reveal: ○ or ×, the points and the rank. */
async function expectResult(page: Page, correct: boolean, rank?: number) {
  await page.getByRole('heading', { name: correct ? '○ 正解' : '× 不正解' }).waitFor();
  const facts = page.locator('.cls-facts');
  expect(await facts.textContent()).toMatch(correct ? /獲得\+[1-9][\d,]*点/ : /獲得\+0点/);
  expect(await facts.textContent()).toMatch(rank === undefined ? /順位\d+位/ : new RegExp(`順位${rank}位`));
}

describe('classroom', () => {
  it('plays a whole class game: host from the quiz page, three players by PIN (a phone reloads mid-question), reveals, podium, results and CSV', async () => {
    const { appUrl } = e2e.stack();
    const hostContext = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const host = await hostContext.newPage();
    await logIn(host, appUrl, 'demo', 'Demo#2026pass');
    const quiz = await callAsPage<{ id: string }>(host, 'POST', '/api/quizzes', {
      quiz: {
        title: TITLE,
        description: 'クラスゲームのE2E用クイズです',
        category: '一般知識',
        difficulty: '初級',
        isPublished: true,
      },
      questions: QUESTIONS.map(
        ({ questionText, options: [optionA, optionB, optionC, optionD], correctAnswer }) => ({
          questionText,
          optionA,
          optionB,
          optionC,
          optionD,
          correctAnswer,
          explanation: `${questionText}の解説です。`,
        }),
      ),
    });

    // 「クラスで出題」 on the quiz's page: the dialog's settings, then the host's screen.
    await host.goto(`${appUrl}/quiz/${quiz.id}`);
    await host.getByRole('button', { name: `「${TITLE}」をクラスで出題` }).click();
    const dialog = host.getByRole('dialog', { name: 'クラスで出題' });
    await dialog.getByLabel('1問の回答時間').selectOption('120');
    await dialog.getByRole('button', { name: 'ゲームを開く' }).click();
    await host.waitForURL(/\/classroom\/[^/]+$/);
    const gameId = new URL(host.url()).pathname.split('/').at(-1)!;

    // The lobby: the PIN, the QR code of the join URL.
    await host.getByRole('heading', { name: '参加用PIN' }).waitFor();
    const pin = (await host.locator('.cls-lobby__pin').textContent())!.trim();
    expect(pin).toMatch(/^\d{6}$/);
    const joinUrl = `${appUrl}/join?pin=${pin}`;
    await host.getByRole('img', { name: `参加用QRコード（${joinUrl}）` }).waitFor();
    await host.getByText('参加者を待っています...').waitFor();
    await host.screenshot({ path: join(SCREENSHOTS, 'classroom-lobby.png'), fullPage: true });

    // A guest on a phone opens the QR code's address: the PIN is filled in.
    const phoneContext = await e2e.browser().newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await phone.goto(joinUrl);
    expect(await phone.getByLabel('PIN（6桁の数字）').inputValue()).toBe(pin);
    await joinWith(phone, pin, PHONE);

    // A signed-in member: the nickname is theirs already.
    const member = await signedInContext(
      e2e.browser(),
      e2e.stack(),
      { nickname: MEMBER },
      { viewport: { width: 1024, height: 768 } },
    );
    const memberPage = await member.context.newPage();
    await memberPage.goto(`${appUrl}/join`);
    await expect.poll(() => memberPage.getByLabel('ニックネーム').inputValue(), UNTIL_TRUE).toBe(MEMBER);
    await joinWith(memberPage, pin);

    const guestContext = await e2e.browser().newContext({ viewport: { width: 768, height: 1024 } });
    const guest = await guestContext.newPage();
    await guest.goto(`${appUrl}/join`);
    await joinWith(guest, pin, GUEST);

    const players = host.getByRole('list', { name: '参加者' });
    for (const nickname of [PHONE, MEMBER, GUEST]) await players.getByText(nickname).waitFor();
    await host.getByRole('heading', { name: /参加者 3人/ }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, 'classroom-joined-390.png'), fullPage: true });

    await host.getByRole('button', { name: '開始' }).click();

    // Question 1 (A): the host shows the text; the players only the coloured buttons.
    await host.getByRole('heading', { name: QUESTIONS[0].questionText }).waitFor();
    for (const page of [phone, memberPage, guest]) {
      await page.getByRole('heading', { name: '問題 1 / 3' }).waitFor();
      for (const letter of ['A', 'B', 'C', 'D']) await option(page, letter).waitFor();
      expect(await page.getByText(QUESTIONS[0].questionText).count()).toBe(0);
      expect(await page.getByText('東京').count()).toBe(0);
      // Four buttons, each its own colour (the letter's, as on the projector).
      const colours = await page
        .getByRole('group', { name: '回答を選んでください' })
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => getComputedStyle(button).backgroundColor));
      expect(new Set(colours).size).toBe(4);
    }
    // The phone's buttons fit its 390 px: nothing to scroll sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(SCREENSHOTS, 'classroom-buttons-390.png'), fullPage: true });
    await host.screenshot({ path: join(SCREENSHOTS, 'classroom-question.png'), fullPage: true });
    await option(phone, 'A').click();
    await option(memberPage, 'B').click();
    await option(guest, 'C').click();

    // Everyone answered: the reveal at once, with the chart and its table.
    await host.getByRole('heading', { name: '正解は A' }).waitFor();
    await host.locator('.cls-chart').waitFor();
    const table = host.getByRole('table', { name: /選択肢ごとの回答数（回答 3人）/ });
    for (const [letter, shape] of [
      ['A', '三角'],
      ['B', 'ひし形'],
      ['C', '丸'],
      ['D', '四角'],
    ] as const) {
      const row = table.getByRole('row', { name: new RegExp(`^${letter}（${shape}）`) });
      expect(await row.textContent()).toBe(
        `${letter}（${shape}）${letter === 'D' ? 0 : 1}人${letter === 'A' ? '正解' : ''}`,
      );
    }
    await host.getByText(`${QUESTIONS[0].questionText}の解説です。`).waitFor();
    // The top: equal totals share a rank (ties in the order they joined), as the devices say.
    const top = await host.locator('.cls-top li').allTextContents();
    expect(top).toHaveLength(3);
    expect(top[0]).toMatch(new RegExp(`^1${PHONE}[1-9][\\d,]*点$`));
    expect(top.slice(1)).toEqual([`2${MEMBER}0点`, `2${GUEST}0点`]);
    await host.screenshot({ path: join(SCREENSHOTS, 'classroom-reveal.png'), fullPage: true });
    await expectResult(phone, true, 1);
    await expectResult(memberPage, false, 2);
    await expectResult(guest, false, 2);
    await phone.screenshot({ path: join(SCREENSHOTS, 'classroom-result-390.png'), fullPage: true });
    await host.getByRole('button', { name: '次へ', exact: true }).click();

    // Question 2 (B): the phone reloads before it answers and comes back to the same question.
    await host.getByRole('heading', { name: QUESTIONS[1].questionText }).waitFor();
    await phone.getByRole('heading', { name: '問題 2 / 3' }).waitFor();
    await option(memberPage, 'A').click();
    await host.getByText('回答数 1 / 3').waitFor();
    const joins: string[] = [];
    phone.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        const sent = JSON.parse(String(frame.payload)) as { type: string };
        if (sent.type === 'join_class') joins.push(String(frame.payload));
      }),
    );
    await phone.reload();
    await phone.getByRole('heading', { name: '問題 2 / 3' }).waitFor();
    // Every join after the reload (one, or more if a busy machine dropped the socket) comes back
    // with the seat's resume token: the same player, not a new one.
    expect(joins.length).toBeGreaterThanOrEqual(1);
    for (const sent of joins)
      expect(JSON.parse(sent)).toMatchObject({ pin, nickname: PHONE, resumeToken: expect.any(String) });
    expect(await option(phone, 'B').getAttribute('aria-pressed')).toBe('false');
    expect(await option(phone, 'B').isDisabled()).toBe(false);
    await phone.screenshot({ path: join(SCREENSHOTS, 'classroom-resumed-390.png'), fullPage: true });
    await option(phone, 'B').click();
    await phone.getByRole('status').getByText('回答しました').waitFor();
    await option(guest, 'A').click();
    await host.getByRole('heading', { name: '正解は B' }).waitFor();
    await expectResult(phone, true, 1);
    await expectResult(memberPage, false, 2);
    await expectResult(guest, false, 2);
    await host.getByRole('button', { name: '次へ', exact: true }).click();

    // Question 3 (C): two answer, the host closes it.
    await host.getByRole('heading', { name: QUESTIONS[2].questionText }).waitFor();
    await option(phone, 'C').click();
    await option(memberPage, 'C').click();
    await host.getByText('回答数 2 / 3').waitFor();
    await guest.getByRole('heading', { name: '問題 3 / 3' }).waitFor();
    await host.getByRole('button', { name: '締め切る' }).click();
    await host.getByRole('heading', { name: '正解は C' }).waitFor();
    await host.getByRole('table', { name: /選択肢ごとの回答数（回答 2人）/ }).waitFor();
    await expectResult(phone, true, 1);
    await expectResult(memberPage, true, 2);
    await expectResult(guest, false, 3);

    // The end: the podium on the projector, each player's rank on their device.
    await host.getByRole('button', { name: '次へ（最終結果）' }).click();
    await host.getByRole('heading', { name: '最終結果' }).waitFor();
    const podium = host.getByRole('list', { name: '表彰台' });
    for (const [place, nickname] of [
      [1, PHONE],
      [2, MEMBER],
      [3, GUEST],
    ] as const)
      expect(await podium.locator(`.cls-podium__place--${place} .cls-podium__name`).textContent()).toBe(
        nickname,
      );
    const finalTable = host.getByRole('table', { name: '全員の結果（3人）' });
    expect(await finalTable.getByRole('row', { name: new RegExp(PHONE) }).textContent()).toMatch(
      /^1位.*3 \/ 3/,
    );
    expect(await finalTable.getByRole('row', { name: new RegExp(MEMBER) }).textContent()).toMatch(
      /^2位.*1 \/ 3/,
    );
    expect(await finalTable.getByRole('row', { name: new RegExp(GUEST) }).textContent()).toBe(
      `3位${GUEST}0 / 30点`,
    );
    await host.screenshot({ path: join(SCREENSHOTS, 'classroom-podium.png'), fullPage: true });
    for (const [page, rank] of [
      [phone, 1],
      [memberPage, 2],
      [guest, 3],
    ] as const) {
      await page.getByRole('heading', { name: 'ゲーム終了' }).waitFor();
      expect(await page.locator('.cls-facts').textContent()).toContain(`あなたの順位${rank}位`);
      await page.getByRole('list', { name: '表彰台' }).waitFor();
    }
    await phone.screenshot({ path: join(SCREENSHOTS, 'classroom-finished-390.png'), fullPage: true });

    // The results page and its CSV (UTF-8 with a BOM for spreadsheets).
    await host.getByRole('link', { name: '結果の詳細を見る' }).click();
    await host.waitForURL(`${appUrl}/classroom/${gameId}/results`);
    await host.getByRole('heading', { name: `${TITLE} の結果` }).waitFor();
    const results = host.getByRole('table', { name: '参加者の成績' });
    for (const nickname of [PHONE, MEMBER, GUEST])
      await results.getByRole('rowheader', { name: nickname }).waitFor();
    expect(await results.getByRole('row', { name: new RegExp(GUEST) }).textContent()).toBe(
      `3位${GUEST}0 / 30点`,
    );
    // Each question's correct rate (of the three players) and option counts.
    const questions = host.getByRole('table', { name: '問題ごとの正答率と回答数' });
    expect(
      (await questions.getByRole('row').allTextContents()).slice(1).map((row) => row.replace(/\s+/g, '')),
    ).toEqual([
      `1.${QUESTIONS[0].questionText}33.3%1110`,
      `2.${QUESTIONS[1].questionText}33.3%2100`,
      `3.${QUESTIONS[2].questionText}66.7%0020`,
    ]);
    await host.screenshot({ path: join(SCREENSHOTS, 'classroom-results.png'), fullPage: true });
    const [download] = await Promise.all([
      host.waitForEvent('download'),
      host.getByRole('button', { name: 'CSVをダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${TITLE}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Every cell quoted, as the quiz export's CSV (functions/spreadsheets/sheet-csv.ts).
    const lines = csv.subarray(3).toString('utf8').split(/\r?\n/);
    expect(lines[0]).toBe('"順位","ニックネーム","スコア","正解数","問1","問2","問3"');
    expect(lines[1]).toMatch(new RegExp(`^"1","${PHONE}","\\d+","3","A ○","B ○","C ○"$`));
    expect(lines[2]).toMatch(new RegExp(`^"2","${MEMBER}","\\d+","1","B ×","A ×","C ○"$`));
    expect(lines[3]).toBe(`"3","${GUEST}","0","0","C ×","A ×",""`);

    await closeAll(hostContext, phoneContext, member.context, guestContext);
  });
});
