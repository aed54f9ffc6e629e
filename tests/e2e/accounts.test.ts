import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { mailLink, SCREENSHOTS, useE2EStack, waitForOrAlert } from '../support/e2e';

/** Account journeys in real Chromium against the whole local stack, mail included. */
const screenshots = SCREENSHOTS;
const PASSWORD = 'Quiz#2026pass';

const e2e = useE2EStack();

// The menu's button, not the placeholder shown while its chunk loads (a click there does nothing).
const userMenu = (page: Page) => page.locator('button.user-menu__trigger');

async function logOutFromMenu(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
}

describe('accounts', () => {
  it('registers, logs out and logs back in', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const id = randomUUID().slice(0, 8);
    await page.goto(`${e2e.stack().appUrl}/register`);
    await page.getByRole('heading', { name: '新規登録' }).waitFor();
    expect(await page.title()).toBe('新規登録 | みんなのクイズ');
    await expectNoSeriousViolations(page, 'register');
    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    // The missing-fields sentence once, above the form (not under each of the four fields).
    expect(
      await page.getByText('ユーザー名、ニックネーム、メールアドレス、パスワードを入力してください').count(),
    ).toBe(1);
    await page.getByLabel('ユーザー名').fill(`e2e_${id}`);
    await page.getByLabel('ニックネーム').fill('テスト花子');
    await page.getByLabel('メールアドレス', { exact: true }).fill(`${id}@example.com`);
    await page.getByLabel('パスワード').fill('weakpass');
    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    await page.getByText('大文字を1文字以上含めてください').waitFor();
    await page.screenshot({ path: join(screenshots, 'register.png'), fullPage: true });
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await userMenu(page).getByText('テスト花子').waitFor();
    expect(await page.getByRole('navigation', { name: 'メインナビゲーション' }).textContent()).toContain(
      'マイクイズ',
    );

    await logOutFromMenu(page);
    await page.getByRole('link', { name: 'ログイン' }).first().click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.getByLabel('ユーザー名').fill(`e2e_${id}`);
    await page.getByLabel('パスワード').fill('Wrong#2026x');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.locator('.toast').getByText('ユーザー名またはパスワードが正しくありません').waitFor();
    // Beside the form too, not only in the corner.
    await page.locator('.form-alert').getByText('ユーザー名またはパスワードが正しくありません').waitFor();
    await page.screenshot({ path: join(screenshots, 'login-failed.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'login with an error');
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await userMenu(page).getByText('テスト花子').waitFor();
    // The failure's toast does not outlive the successful login.
    await page
      .locator('.toast')
      .getByText('ユーザー名またはパスワードが正しくありません')
      .waitFor({ state: 'detached' });

    // Signing in from a members-only page comes back to it.
    await logOutFromMenu(page);
    await page.goto(`${e2e.stack().appUrl}/profile`);
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    await page.getByLabel('ユーザー名').fill(`e2e_${id}`);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/profile`);
    await page.getByRole('heading', { name: /こんにちは、\s*テスト花子 さん/ }).waitFor();
    // No attempts yet: the average is a dash, not 0%.
    expect(await page.locator('.stat-card', { hasText: '平均正答率' }).textContent()).toContain('–');
    expect(await page.locator('.stat-card', { hasText: '平均正答率' }).textContent()).not.toContain('0%');
    await expectNoSeriousViolations(page, 'profile');
    await context.close();
  });

  it('registers by e-mail through the link in the mail viewer', async () => {
    const context = await e2e.browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `mail.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${e2e.stack().appUrl}/email-register`);
    await page.getByLabel('メールアドレス', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'e-mail registration');
    await page.getByLabel('メールアドレス', { exact: true }).fill(email);
    await page.getByRole('button', { name: '確認メールを送信' }).click();
    await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('24時間');
    await page.screenshot({ path: join(screenshots, 'email-register-sent.png'), fullPage: true });

    const link = await mailLink(e2e.stack().mailViewerUrl, email, '/verify-email');
    expect(link.startsWith(e2e.stack().appUrl)).toBe(true);
    await page.goto(link);
    await page.getByText(email).waitFor();
    await page.getByLabel('ユーザー名').fill(`mail_${randomUUID().slice(0, 6)}`);
    await page.getByLabel('ニックネーム').fill('メール太郎');
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    expect(await page.getByLabel('パスワード', { exact: true }).getAttribute('placeholder')).toBe(
      '6文字以上',
    );
    await page.getByLabel('パスワード（確認）').fill('Different#2026');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('パスワードが一致しません').waitFor();
    await page.getByLabel('パスワード（確認）').fill(PASSWORD);
    await page.screenshot({ path: join(screenshots, 'verify-email.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'verify e-mail');
    await page.getByRole('button', { name: '登録する' }).click();
    // 登録が完了しました shows for 2 s before home: wait for home, not for a state a busy machine can miss.
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await userMenu(page).getByText('メール太郎').waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: 'トークンの検証に失敗しました' }).waitFor();
    await context.close();
  });

  it('resets a forgotten password through its link, then logs in with the new one', async () => {
    const setup = await e2e.browser().newPage();
    const id = randomUUID().slice(0, 8);
    const email = `reset.${id}@example.com`;
    await setup.goto(`${e2e.stack().appUrl}/register`);
    await setup.getByLabel('ユーザー名').fill(`reset_${id}`);
    await setup.getByLabel('ニックネーム').fill('リセット');
    await setup.getByLabel('メールアドレス', { exact: true }).fill(email);
    await setup.getByLabel('パスワード').fill(PASSWORD);
    await setup.getByRole('button', { name: 'アカウントを作成' }).click();
    await setup.waitForURL(`${e2e.stack().appUrl}/`);
    await setup.close();

    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.stack().appUrl}/login`);
    await page.getByRole('button', { name: 'パスワードをお忘れの方' }).click();
    await page.getByLabel('メールアドレス', { exact: true }).fill(email);
    await page.getByRole('button', { name: '再設定メールを送信' }).click();
    await page.getByRole('heading', { name: 'メールを確認してください' }).waitFor();

    await page.goto(await mailLink(e2e.stack().mailViewerUrl, email, '/reset-password'));
    await page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();
    // The registration rule, with its message: six letters are not enough.
    await page.getByLabel('新しいパスワード', { exact: true }).fill('abcdef');
    await page.getByLabel('新しいパスワード（確認）').fill('abcdef');
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    await page.getByText('パスワードは8文字以上で入力してください').waitFor();
    await page.getByLabel('新しいパスワード', { exact: true }).fill('NewPass#2026');
    await page.getByLabel('新しいパスワード（確認）').fill('NewPass#2026');
    await page.screenshot({ path: join(screenshots, 'reset-password.png'), fullPage: true });
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    // パスワードを変更しました (reset-password-page.test.tsx) shows for a moment before the login page.
    await page.waitForURL(`${e2e.stack().appUrl}/login`);

    await page.getByLabel('ユーザー名').fill(`reset_${id}`);
    await page.getByLabel('パスワード').fill('NewPass#2026');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await userMenu(page).getByText('リセット').waitFor();
    await page.close();
  });

  it('signs the seeded administrator in only through the e-mailed link', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.stack().appUrl}/login`);
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('Admin#2026');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await waitForOrAlert(page, page.getByRole('heading', { name: 'メールを確認してください' }));
    await page.screenshot({ path: join(screenshots, 'admin-login-notice.png'), fullPage: true });

    await page.goto(await mailLink(e2e.stack().mailViewerUrl, 'admin@example.com', '/admin-login-verify'));
    // The confirmation (認証に成功しました, or 認証に失敗しました) shows for 3 s before the page moves
    // on, to the admin screen or back to the login: wait for where it goes, not for a state a busy
    // machine can miss. The confirmed administrator lands on the admin screen, not on home.
    await page.waitForURL((url) => ['/admin', '/login'].includes(url.pathname));
    expect(new URL(page.url()).pathname).toBe('/admin');
    // The navigation gains 管理 once the signed-in administrator's account has loaded.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'メインナビゲーション' }).textContent())
      .toContain('管理');
    await page.close();
  });

  it('changes the nickname in the account settings dialog', async () => {
    const page = await e2e.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.stack().appUrl}/login`);
    await page.getByLabel('ユーザー名').fill('demo');
    await page.getByLabel('パスワード').fill('Demo#2026pass');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${e2e.stack().appUrl}/`);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'アカウント設定' }).click();
    const dialog = page.getByRole('dialog', { name: 'アカウント設定' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: '保存' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('ニックネーム').fill('デモさん');
    await save.click();
    await page.locator('.toast').getByText('ニックネームを変更しました').waitFor();
    await page.screenshot({ path: join(screenshots, 'account-settings.png') });
    await dialog.getByRole('tab', { name: '危険な操作' }).click();
    await dialog.getByText('受験記録').waitFor();
    await page.screenshot({ path: join(screenshots, 'account-settings-danger.png') });
    await page.keyboard.press('Escape');
    await userMenu(page).getByText('デモさん').waitFor();
    await page.close();
  });
});
