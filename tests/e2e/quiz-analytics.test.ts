import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser-session';
import { callAsPage, SCREENSHOTS, useE2EStack } from '../support/e2e';

/**
 * The author's tools in real Chromium (issue 30): an author's quiz is played by two members; the
 * author opens its analytics from my-quizzes (hardest question first, the hint about the wrong
 * option most chose), copies the quiz with 複製, and reorders and copies questions in the edit
 * form. Photographed at a laptop's and a phone's width (also to ANALYTICS_SHOTS when set, for a
 * person to look at).
 */
const e2e = useE2EStack();
const shots = [SCREENSHOTS, ...(process.env.ANALYTICS_SHOTS ? [process.env.ANALYTICS_SHOTS] : [])];

async function photograph(page: Page, name: string) {
  for (const folder of shots) {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: join(folder, name), fullPage: true });
  }
}

const question = (questionText: string, optionA: string, optionB: string, optionC: string | null = null) => ({
  questionText,
  optionA,
  optionB,
  optionC,
  optionD: null,
  correctAnswer: 'A',
  explanation: null,
});

/** What a layout-shift entry carries (not in TypeScript's DOM types). */
interface LayoutShiftLike {
  value: number;
  sources: { node: Node | null }[];
}

describe('quiz analytics', () => {
  it('shows an author how their quiz was played, and copies the quiz and its questions', async () => {
    const stack = e2e.stack();
    const laptop = { viewport: { width: 1366, height: 900 } };
    const author = await signedInContext(e2e.browser(), stack, { nickname: '作者' }, laptop);
    const page = await author.context.newPage();
    await page.goto(`${stack.appUrl}/my-quizzes`);
    await page.getByRole('heading', { name: 'マイクイズ' }).waitFor();
    const quiz = await callAsPage<{ id: string }>(page, 'POST', '/api/quizzes', {
      quiz: {
        title: '日本の地理',
        description: '都道府県と山の問題',
        category: '地理',
        difficulty: '初級',
        timeLimit: 10,
      },
      questions: [
        question('日本でいちばん高い山は？', '富士山', '北岳', '奥穂高岳'),
        question('日本でいちばん広い都道府県は？', '北海道', '岩手県'),
      ],
    });

    // Nobody has played yet.
    await page.goto(`${stack.appUrl}/my-quizzes/${quiz.id}/analytics`);
    await page.getByText('まだ誰もこのクイズをプレイしていません。').waitFor();

    // Two members play: three plays, and most choose 北岳 for the first question.
    const { questions } = await callAsPage<{ questions: { id: string }[] }>(
      page,
      'GET',
      `/api/my-quizzes/${quiz.id}`,
      undefined,
    );
    const [mountain, prefecture] = questions.map((item) => item.id);
    for (const [nickname, plays] of [
      ['たろう', ['B', 'B']],
      ['はなこ', ['A']],
    ] as const) {
      const player = await signedInContext(e2e.browser(), stack, { nickname });
      const playerPage = await player.context.newPage();
      await playerPage.goto(`${stack.appUrl}/quiz-search`);
      for (const answer of plays)
        await callAsPage(playerPage, 'POST', `/api/quizzes/${quiz.id}/attempt`, {
          answers: { [mountain!]: answer, [prefecture!]: 'A' },
          secondsByQuestion: { [mountain!]: 12, [prefecture!]: 4 },
        });
      await player.context.close();
    }

    // The list and the favourites below it appear where they stay: no layout shift in the page (a
    // card's first layout at its content-visibility placeholder moved the favourites down: 0.034
    // here, 0.084 on a phone).
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & LayoutShiftLike)[]) {
          const nodes = entry.sources
            .map((source) => (source.node instanceof Element ? source.node : source.node?.parentElement))
            .filter((node) => node && !node.closest('.nav'))
            .map((node) => node!.className);
          if (nodes.length) shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${stack.appUrl}/my-quizzes`);
    await page.getByText('お気に入りのクイズはまだありません。').waitFor();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(
      await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts),
    ).toEqual([]);

    // From the author's card to the analytics.
    await page.getByRole('link', { name: '「日本の地理」の分析' }).click();
    await page.waitForURL(`${stack.appUrl}/my-quizzes/${quiz.id}/analytics`);
    await page.getByText('プレイ回数').waitFor();
    expect(await page.locator('.analytics-totals dd').allTextContents()).toEqual(['3回', '2人', '66.7%']);
    const cards = page.locator('.question-analytics');
    expect(await cards.first().getByRole('heading').textContent()).toContain('問題 1');
    await cards.first().getByText('正答率 33.3%').waitFor();
    await cards
      .first()
      .getByText('多くの人が選択肢Bを選んでいます。問題文や選択肢の表現を見直しましょう。')
      .waitFor();
    await cards.first().getByText('12秒').waitFor();
    await photograph(page, 'quiz-analytics-1366.png');
    await expectNoSeriousViolations(page, 'quiz analytics');
    await page.setViewportSize({ width: 390, height: 844 });
    await photograph(page, 'quiz-analytics-390.png');
    await page.setViewportSize(laptop.viewport);

    // 複製: the copy joins the list.
    await page.getByRole('link', { name: 'マイクイズに戻る' }).click();
    await page.getByRole('button', { name: '「日本の地理」を複製' }).click();
    await page.getByRole('heading', { name: '日本の地理（コピー）' }).waitFor();
    await photograph(page, 'my-quizzes-1366.png');

    // The copy's questions reordered and one copied in the edit form, then saved.
    await page.getByRole('button', { name: '「日本の地理（コピー）」を編集' }).click();
    const edit = page.getByRole('dialog', { name: 'クイズを編集' });
    await edit.getByRole('button', { name: '問題 1 を下へ' }).click();
    await edit.getByRole('button', { name: '問題 2 を複製' }).click();
    expect(
      await edit
        .getByLabel('質問文')
        .evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value)),
    ).toEqual(['日本でいちばん広い都道府県は？', '日本でいちばん高い山は？', '日本でいちばん高い山は？']);
    await photograph(page, 'quiz-form-order-1366.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await photograph(page, 'quiz-form-order-390.png');
    await page.setViewportSize(laptop.viewport);
    await edit.getByRole('button', { name: '変更を保存' }).click();
    await edit.waitFor({ state: 'detached' });
    const copies = await callAsPage<{ id: string; title: string; questionCount: number }[]>(
      page,
      'GET',
      '/api/my-quizzes',
      undefined,
    );
    expect(copies.find((item) => item.title === '日本の地理（コピー）')?.questionCount).toBe(3);
    await author.context.close();
  });
});
