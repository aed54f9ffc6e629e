import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { matchesAllWords } from '@shared/search-text';
import { paths } from '@web/config/paths';
import { usePageTitle } from '@web/lib/page-title';
import { HELP_CATEGORIES, HELP_ENTRIES, helpEntryText, type HelpCategory } from '../help-entries';
import { ContactLink } from '@web/components/contact-link';
import { RelatedPages } from './static-page';
import '../static-pages.css';

/**
 * '/help': the help centre. The search matches Japanese substrings as quiz search does (every
 * word, NFKC, case-insensitive), within one category or all of them.
 */
export function HelpPage() {
  usePageTitle('ヘルプセンター');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<HelpCategory | null>(null);
  const searchId = useId();
  const found = HELP_ENTRIES.filter(
    (entry) => (!category || entry.category === category) && matchesAllWords(helpEntryText(entry), query),
  );
  const groups = HELP_CATEGORIES.map((name) => ({
    name,
    entries: found.filter((entry) => entry.category === name),
  })).filter((group) => group.entries.length > 0);

  return (
    <article className="container page static-page" aria-labelledby="help-title">
      <header className="static-page__header">
        <h1 id="help-title" className="page__title">
          ヘルプセンター
        </h1>
        <p className="static-page__lead">
          使い方で困ったときはこちら。キーワードで検索するか、カテゴリから探してください。
        </p>
      </header>
      <div className="help-search card" role="search">
        <label htmlFor={searchId} className="field__label">
          ヘルプを検索
        </label>
        <div className="filters__search help-search__box">
          <Search size={18} aria-hidden />
          <input
            id={searchId}
            type="search"
            placeholder="例: パスワード、AI、解約"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="chip-list" role="group" aria-label="カテゴリで絞り込む">
          {[null, ...HELP_CATEGORIES].map((name) => (
            <button
              key={name ?? 'all'}
              type="button"
              className={`chip${category === name ? ' is-selected' : ''}`}
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name ?? 'すべて'}
            </button>
          ))}
        </div>
        <p className="help-search__count" role="status">
          {found.length}件の項目
        </p>
      </div>
      {groups.length === 0 ? (
        <div className="state">
          <p>「{query.trim()}」に一致する項目はありません。</p>
          <p>
            <Link to={paths.faq}>よくある質問</Link>もご覧いただくか、
            <ContactLink />
            からご質問ください。
          </p>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.name} className="help-group" aria-labelledby={`help-${group.name}`}>
            <h2 id={`help-${group.name}`} className="static-section__title">
              {group.name}
            </h2>
            {group.entries.map((entry) => (
              <article
                key={entry.id}
                id={entry.id}
                className="card help-entry"
                aria-labelledby={`${entry.id}-title`}
              >
                <h3 id={`${entry.id}-title`} className="help-entry__title">
                  {entry.question}
                </h3>
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {entry.links && (
                  <p className="help-entry__links">
                    {entry.links.map((link) => (
                      <Link key={link.to} to={link.to}>
                        {link.label}
                      </Link>
                    ))}
                  </p>
                )}
              </article>
            ))}
          </section>
        ))
      )}
      <RelatedPages />
    </article>
  );
}
