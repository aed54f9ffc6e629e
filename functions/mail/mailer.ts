import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { AppError } from '../lib/errors';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SES needs non-ASCII display names MIME-encoded (RFC 2047): `みんなのクイズ <a@b>` → `=?UTF-8?B?…?= <a@b>`. */
export function encodeSender(mailFrom: string): string {
  const match = /^\s*(.+?)\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (!match || /^[\x20-\x7e]*$/.test(match[1]!)) return mailFrom;
  return `=?UTF-8?B?${Buffer.from(match[1]!.replace(/^"|"$/g, ''), 'utf8').toString('base64')}?= <${match[2]}>`;
}

/** Sends one e-mail through SES v2 (UTF-8 subject, text and HTML). A failure answers 502 in Japanese. */
export async function sendMail(mail: Mail): Promise<void> {
  const config = getConfig();
  try {
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: encodeSender(config.mailFrom),
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              Html: { Data: mail.html, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
  } catch (error) {
    throw new AppError(502, ACCOUNT_MESSAGES.mailFailed, undefined, { cause: error });
  }
}
