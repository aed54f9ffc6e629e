import type { ReactNode } from 'react';
import { env } from '@web/config/env';

/**
 * The operator's contact, called what it is: a mail address opens the mail app and says so
 * (「お問い合わせメール（…）」); a web form opens in a new tab, which a screen reader is told.
 */
export function ContactLink({ children }: { children?: ReactNode }) {
  const url = env.contactUrl;
  const address = url.startsWith('mailto:')
    ? decodeURIComponent(url.slice('mailto:'.length).split('?')[0]!)
    : null;
  if (address) return <a href={url}>{children ?? `お問い合わせメール（${address}）`}</a>;
  return (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {children ?? 'お問い合わせフォーム'}
      <span className="visually-hidden">（新しいタブで開きます）</span>
    </a>
  );
}
