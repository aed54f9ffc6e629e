import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@web/lib/page-title';
import { staticPageLinks } from '../static-page-links';
import '../static-pages.css';

export interface StaticSection {
  /** The fragment the table of contents links to. */
  id: string;
  title: string;
  body: ReactNode;
}

/** Pages with this many sections or more get a table of contents. */
const TOC_FROM = 5;

/**
 * The frame of a static page (terms, privacy, guidelines, the commercial-transactions notice):
 * its own document title, the heading and lead, the last update, a table of contents when the
 * page is long, the sections, and links to the other static pages.
 */
export function StaticPage(props: {
  title: string;
  lead: ReactNode;
  /** ISO date of the last update (yyyy-mm-dd). */
  updated?: string;
  sections: StaticSection[];
}) {
  usePageTitle(props.title);
  const showToc = props.sections.length >= TOC_FROM;
  return (
    <article className="container page static-page" aria-labelledby="static-page-title">
      <header className="static-page__header">
        <h1 id="static-page-title" className="page__title">
          {props.title}
        </h1>
        <div className="static-page__lead">{props.lead}</div>
        {props.updated && (
          <p className="static-page__updated">
            最終更新日: <time dateTime={props.updated}>{japaneseDate(props.updated)}</time>
          </p>
        )}
      </header>
      {showToc && (
        <nav className="static-toc card" aria-labelledby="static-toc-title">
          <h2 id="static-toc-title" className="static-toc__title">
            目次
          </h2>
          <ol className="static-toc__list">
            {props.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="static-page__body">
        {props.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className="static-section"
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className="static-section__title">
              {section.title}
            </h2>
            <div className="static-section__body">{section.body}</div>
          </section>
        ))}
      </div>
      <RelatedPages />
    </article>
  );
}

/** 2024-12-17 → 2024年12月17日 */
export const japaneseDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${year}年${month}月${day}日`;
};

/** The other static pages, at the end of each. */
export function RelatedPages() {
  return (
    <nav className="static-related" aria-label="関連ページ">
      <h2 className="static-related__title">関連ページ</h2>
      <ul>
        {staticPageLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
