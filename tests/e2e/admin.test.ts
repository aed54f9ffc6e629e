import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe';
import { callAsPage, logIn, mailLink, SCREENSHOTS, useE2EStack } from '../support/e2e';

/** Moderation in real Chromium: the admin signs in by mail link, hides a reported quiz, suspends its author. */
const e2e = useE2EStack();

describe('administration', () => {
  it('hides a reported quiz and suspends its author, whose next action is refused', async () => {
    const appUrl = e2e.stack().appUrl;
    const browser = e2e.browser();

    // The author (demo) publishes a quiz; another member (pro) reports it.
    const author = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const authorPage = await author.newPage();
    await logIn(authorPage, appUrl, 'demo', 'Demo#2026pass');
    const created = await callAsPage<{ id: string }>(authorPage, 'POST', '/api/quizzes', {
      quiz: {
        title: '通報されるクイズ',
        description: '不適切な内容',
        category: '一般知識',
        difficulty: '初級',
        isPublished: true,
      },
      questions: [{ questionText: '問題', optionA: 'はい', optionB: 'いいえ', correctAnswer: 'A' }],
    });
    const reporter = await browser.newContext();
    const reporterPage = await reporter.newPage();
    await logIn(reporterPage, appUrl, 'pro', 'Pro#2026pass');
    await reporterPage.goto(appUrl);
    const card = reporterPage.locator('.quiz-card', { hasText: '通報されるクイズ' });
    await card.getByRole('button', { name: 'その他の操作' }).click();
    await reporterPage.getByRole('menuitem', { name: '報告する' }).click();
    await reporterPage.getByLabel('不適切な内容').check();
    await reporterPage.getByRole('button', { name: '報告する' }).click();
    await reporterPage.locator('.toast').getByText('報告が送信されました').waitFor();

    // The admin signs in through the mailed link.
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${appUrl}/login`);
    await adminPage.getByLabel('ユーザー名').fill('admin');
    await adminPage.getByLabel('パスワード').fill('Admin#2026');
    await adminPage.getByRole('button', { name: 'ログイン' }).click();
    // One heading, and the server's sentence under it (not the same words twice).
    await adminPage.getByRole('heading', { name: 'メールを確認してください' }).waitFor();
    await adminPage
      .getByText('確認メールを送信しました。メール内のリンクを開いてログインを完了してください。')
      .waitFor();
    await adminPage.goto(
      await mailLink(e2e.stack().mailViewerUrl, 'admin@example.com', '/admin-login-verify'),
    );
    // The confirmation shows for 3 s, then the page moves on by itself: to the admin screen.
    await adminPage.waitForURL((url) => ['/admin', '/login'].includes(url.pathname));
    expect(new URL(adminPage.url()).pathname).toBe('/admin');

    const flagged = adminPage.locator('.admin-card', { hasText: '通報されるクイズ' });
    await flagged.getByText('不適切な内容').first().waitFor();
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'admin-flagged.png'), fullPage: true });
    await expectNoSeriousViolations(adminPage, 'admin flagged quizzes');
    // Nothing happens on one click: a confirmation names the quiz and takes an optional reason.
    await flagged.getByRole('button', { name: '「通報されるクイズ」を非表示にする' }).click();
    const confirmHide = adminPage.getByRole('alertdialog', {
      name: '「通報されるクイズ」を非表示にしますか？',
    });
    await confirmHide.getByLabel('理由（任意）').fill('不適切な表現が含まれるため');
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'admin-confirm-hide.png') });
    await expectNoSeriousViolations(adminPage, 'admin confirmation');
    await confirmHide.getByRole('button', { name: '非表示にする' }).click();
    await adminPage.locator('.toast').getByText('クイズを非表示にしました').waitFor();
    // Hiding reviewed its report: the quiz left the queue for the hidden list, where it can be restored.
    const hidden = adminPage
      .getByRole('region', { name: '非表示中のクイズ' })
      .locator('.admin-card', { hasText: '通報されるクイズ' });
    await hidden.getByText('非表示', { exact: true }).waitFor();
    await hidden.getByRole('button', { name: '「通報されるクイズ」を再表示' }).waitFor();
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'admin-hidden.png'), fullPage: true });
    const publicQuiz = await fetch(`${e2e.stack().gateway.url}/api/quizzes/${created.id}`);
    expect(publicQuiz.status).toBe(404);

    await adminPage.getByRole('tab', { name: '報告されたユーザー' }).click();
    const userRow = adminPage.locator('.admin-card', { hasText: '@demo' });
    await userRow.getByRole('button', { name: '1日停止' }).click();
    const confirmStop = adminPage.getByRole('alertdialog', { name: /@demo）さんを1日停止しますか？/ });
    await confirmStop.getByRole('button', { name: '1日停止' }).click();
    await adminPage.locator('.toast').getByText('ユーザーを停止しました').waitFor();
    await userRow.getByText('停止中').waitFor();
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'admin-users.png'), fullPage: true });

    // The author's next action is refused, and so is their next login.
    await authorPage.goto(`${appUrl}/my-quizzes`);
    await authorPage.getByText('ログインが必要です').first().waitFor();
    await authorPage.goto(`${appUrl}/login`);
    await authorPage.getByLabel('ユーザー名').fill('demo');
    await authorPage.getByLabel('パスワード').fill('Demo#2026pass');
    await authorPage.getByRole('button', { name: 'ログイン' }).click();
    await authorPage.locator('.toast').getByText('このアカウントは管理者により停止されています。').waitFor();

    // A member who opens /admin sees no admin data.
    await reporterPage.goto(`${appUrl}/admin`);
    await reporterPage.getByRole('heading', { name: '管理者専用のページです' }).waitFor();
    await Promise.all([author.close(), reporter.close(), admin.close()]);
  });
});
