import type { ReactNode } from 'react';
import { env } from '@web/config/env';

/** The external contact form (the footer's お問い合わせ), opened in a new tab. */
export function ContactLink({ children }: { children: ReactNode }) {
  return (
    <a href={env.contactUrl} target="_blank" rel="noreferrer noopener">
      {children}
      <span className="visually-hidden">（新しいタブで開きます）</span>
    </a>
  );
}
