import type { ReactNode } from 'react';

/**
 * A chart's figures as a table, behind 「…を表で見る」: what the picture shows, for screen readers
 * and the keyboard. A long table scrolls in its box, which the keyboard reaches and scrolls too.
 */
export function ChartTable(props: { summary: string; caption: string; children: ReactNode }) {
  return (
    <details className="chart-table">
      <summary>{props.summary}</summary>
      <div className="chart-table__scroll" tabIndex={0} role="region" aria-label={props.caption}>
        <table>
          <caption className="visually-hidden">{props.caption}</caption>
          {props.children}
        </table>
      </div>
    </details>
  );
}
