import { getConfig } from '../lib/config';
import { JAPAN_TIME_ZONE } from '../lib/japan-time';
import type { Mail } from './mailer';

/**
 * The service's e-mails, in Japanese, as text and HTML with absolute links to the app (`APP_URL`).
 */
const SERVICE = 'みんなのクイズ';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const appLink = (path: string, query: Record<string, string> = {}) => {
  const url = new URL(path, `${getConfig().appUrl}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  footnotes: string[] = [],
): Mail {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...footnotes,
    `―――\n${SERVICE}\n${getConfig().appUrl}`,
  ].join('\n\n');
  const html = `<!doctype html><html lang="ja"><body style="margin:0;padding:24px;background:#f7f7fb;font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;color:#1c1f2e">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;border:1px solid #e3e5ee">
<p style="margin:0 0 16px;font-weight:700;color:#4f46e5">${SERVICE}</p>
${paragraphs.map((paragraph) => `<p style="line-height:1.8;margin:0 0 14px">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:700">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#5d6275;word-break:break-all">ボタンが開けない場合は次の URL をブラウザに貼り付けてください:<br>${escapeHtml(action.url)}</p>`
    : ''
}
${footnotes.map((note) => `<p style="font-size:12px;color:#5d6275;line-height:1.7">${escapeHtml(note)}</p>`).join('\n')}
</div></body></html>`;
  return { to, subject: `【${SERVICE}】${subject}`, text, html };
}

export const registrationMail = (to: string, token: string) =>
  compose(
    to,
    'メールアドレスの確認',
    [
      'みんなのクイズへのご登録ありがとうございます。',
      '下のボタンからユーザー名とパスワードを設定して、登録を完了してください。',
    ],
    { label: '登録を続ける', url: appLink('/verify-email', { token }) },
    ['このリンクの有効期限は24時間です。', 'お心当たりのない場合は、このメールを破棄してください。'],
  );

export const alreadyRegisteredMail = (to: string) =>
  compose(
    to,
    'ご登録済みのメールアドレスです',
    [
      'このメールアドレスで新規登録のお申し込みがありましたが、すでにアカウントが登録されています。',
      'ログインページからログインしてください。パスワードをお忘れの場合は、ログインページの「パスワードをお忘れの方」から再設定できます。',
    ],
    { label: 'ログインする', url: appLink('/login') },
    ['お心当たりのない場合は、このメールを破棄してください。'],
  );

export const passwordResetMail = (to: string, token: string) =>
  compose(
    to,
    'パスワードの再設定',
    ['パスワード再設定のお申し込みを受け付けました。', '下のボタンから新しいパスワードを設定してください。'],
    { label: 'パスワードを再設定する', url: appLink('/reset-password', { token }) },
    [
      'このリンクの有効期限は1時間で、一度だけ使えます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ],
  );

export const adminLoginMail = (
  to: string,
  token: string,
  request: { ipAddress: string; userAgent: string; at: Date },
) =>
  compose(
    to,
    '管理者ログインの確認',
    [
      '管理者アカウントへのログインが試みられました。ご本人の操作であれば、下のボタンからログインを完了してください。',
      `日時: ${request.at.toLocaleString('ja-JP', { timeZone: JAPAN_TIME_ZONE })}\nIP アドレス: ${request.ipAddress}\nブラウザ: ${request.userAgent || '不明'}`,
    ],
    { label: 'ログインを完了する', url: appLink('/admin-login-verify', { token }) },
    [
      'このリンクの有効期限は15分で、一度だけ使えます。',
      'お心当たりのない場合はリンクを開かず、パスワードを変更してください。',
    ],
  );
