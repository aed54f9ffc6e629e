import type { ReactNode } from 'react';
import { CheckCircle2, CircleAlert, MailCheck } from 'lucide-react';
import { Spinner } from './spinner';

const icons = {
  success: <CheckCircle2 size={40} aria-hidden />,
  error: <CircleAlert size={40} aria-hidden />,
  pending: <Spinner inline size={40} />,
  mail: <MailCheck size={40} aria-hidden />,
};

/** A centred card for a page's single state: done, failed, waiting, or mail sent. */
export function StatusCard(props: {
  tone: keyof typeof icons;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="container auth">
      <div
        className={`card status-card status-card--${props.tone}`}
        role={props.tone === 'error' ? 'alert' : 'status'}
      >
        <span className="status-card__icon">{icons[props.tone]}</span>
        <h1 className="status-card__title">{props.title}</h1>
        {props.children && <div className="status-card__body">{props.children}</div>}
        {props.actions && <div className="status-card__actions">{props.actions}</div>}
      </div>
    </section>
  );
}
