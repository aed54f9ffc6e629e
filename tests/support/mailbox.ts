import { getConfig } from '@functions/lib/config';

interface StoredMail {
  messageId: string;
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  at: number;
}

/** Mail sent to `address` through the local SES emulator, newest last. */
export async function mailTo(address: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${getConfig().endpoints.ses}/store`)).json()) as {
    emails: StoredMail[];
  };
  return store.emails.filter((mail) => mail.destination.to.includes(address));
}

/** The newest mail to `address`, waiting until there is one. */
export async function latestMailTo(address: string, since = 0): Promise<StoredMail> {
  for (;;) {
    const mails = (await mailTo(address)).filter((mail) => mail.at >= since);
    if (mails.length) return mails[mails.length - 1]!;
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The first link to the app in a mail's text, as a URL. */
export function linkIn(mail: StoredMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(
    mail.body.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return new URL(match[0]);
}
