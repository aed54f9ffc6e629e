import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe';
import { logIn, SCREENSHOTS, useE2EStack } from '../support/e2e';
import { noisyPhoto } from '../support/images';

/**
 * A question's picture in real Chromium: the author adds a photo to a question in the creation
 * dialog (uploaded straight to the bucket), describes it and saves; the play page shows it at
 * its size, on a desktop and on a phone; the edit dialog shows it again.
 */
const e2e = useE2EStack();

describe('question pictures', () => {
  it('adds a photo to a question, plays it at 1366 and 390 px, and finds it again in the edit dialog', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, e2e.stack().appUrl, 'demo', 'Demo#2026pass');
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('button', { name: 'クイズを作成' }).click();
    const dialog = page.getByRole('dialog', { name: '新しいクイズを作成' });
    await dialog.getByLabel('タイトル').fill('E2E 地図クイズ');
    await dialog.getByLabel('カテゴリ').selectOption('地理');
    await dialog.getByLabel('説明').fill('写真を見て答えるクイズです');
    await dialog.getByLabel('質問文').fill('この写真の色で一番多いのは？');
    await dialog.getByLabel('選択肢A').fill('赤');
    await dialog.getByLabel('選択肢B').fill('青');

    await dialog
      .getByLabel('画像を追加')
      .setInputFiles({ name: '写真.jpg', mimeType: 'image/jpeg', buffer: await noisyPhoto(1600, 1200, 85) });
    const alt = dialog.getByLabel('画像の説明（代替テキスト）');
    await alt.waitFor();
    await dialog.locator('.question-image-field__preview img').waitFor();
    await expectNoSeriousViolations(page, 'creation dialog with a picture');
    await page.screenshot({ path: join(SCREENSHOTS, 'quiz-image-create-1366.png') });
    // Saving without describing the picture is refused next to the field.
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.getByText('画像の説明（代替テキスト）を入力してください').waitFor();
    await alt.fill('赤と青のグラデーションの写真');
    await dialog.getByRole('button', { name: 'クイズを作成' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [quiz] = await page.evaluate(
      async () => (await (await fetch('/api/my-quizzes')).json()) as { id: string; title: string }[],
    );
    expect(quiz!.title).toBe('E2E 地図クイズ');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${e2e.stack().appUrl}/quiz/${quiz!.id}`);
      await page.getByRole('button', { name: 'スタート' }).click();
      const picture = page.getByRole('img', { name: '赤と青のグラデーションの写真' });
      await picture.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.question-image__img');
        return img?.complete && img.naturalWidth > 0;
      });
      const shown = await picture.evaluate((img: HTMLImageElement) => ({
        natural: [img.naturalWidth, img.naturalHeight],
        attributes: [img.getAttribute('width'), img.getAttribute('height')],
        box: img.getBoundingClientRect().width,
        page: document.documentElement.scrollWidth,
      }));
      expect(shown.natural).toEqual([1280, 960]);
      expect(shown.attributes).toEqual(['1280', '960']);
      // Never wider than the screen.
      expect(shown.page).toBeLessThanOrEqual(width);
      if (width === 390) await expectNoSeriousViolations(page, 'play with a picture on a phone');
      await page.screenshot({ path: join(SCREENSHOTS, `quiz-image-play-${width}.png`), fullPage: true });
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.stack().appUrl}/my-quizzes`);
    await page.getByRole('button', { name: '「E2E 地図クイズ」を編集' }).click();
    const edit = page.getByRole('dialog', { name: 'クイズを編集' });
    expect(await edit.getByLabel('画像の説明（代替テキスト）').inputValue()).toBe(
      '赤と青のグラデーションの写真',
    );
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('.question-image-field__preview img')?.naturalWidth ?? 0) >
        0,
    );
    await edit.locator('.question-image-field__preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'quiz-image-edit-390.png') });
    await context.close();
  });
});
