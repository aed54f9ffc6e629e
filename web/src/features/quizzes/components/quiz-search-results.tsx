import { useDeferredValue } from 'react';
import { RefreshCw } from 'lucide-react';
import { LIMITS, UI } from '@shared/constants';
import { SEARCH_SORTS } from '@shared/quizzes';
import { ApiError } from '@web/lib/api-client';
import { useFavorites } from '@web/lib/api/get-favorites';
import { countLabel } from '@web/lib/count-label';
import { oneOf } from '../api/get-quizzes';
import type { useQuizSearch } from '../api/search-quizzes';
import { QuizCard, QuizGridSkeleton } from './quiz-card';

/** The three sorts' names. */
const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  popular: '人気順',
  newest: '新着順',
  rating: '評価順',
};

export type SearchSort = (typeof SEARCH_SORTS)[number];

/** A sort named in the address, or the default (人気順). */
export const searchSortOf = (value: string | null): SearchSort =>
  oneOf(SEARCH_SORTS, value ?? '') ?? 'popular';

/**
 * What a search of quizzes found, as the search page and a tag's page show it: the three sorts,
 * the count, the cards (with the reader's favourites), and the waiting, empty and failed states.
 * `heading` names the list for screen readers (the cards' h3 sit under it, not under the page's h1).
 */
export function QuizSearchResults({
  results,
  sort,
  onSort,
  heading,
  empty,
}: {
  results: ReturnType<typeof useQuizSearch>;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  heading: string;
  empty: string;
}) {
  // Up to 50 cards: built in a background render React does in slices, not in the one task of the
  // query's answer (home-page.tsx says why).
  const found = useDeferredValue(results.data);
  const favorites = useFavorites(true);
  const favoriteIds = new Set((favorites.data ?? []).map((quiz) => quiz.id));
  return (
    <>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="並び順">
          {SEARCH_SORTS.map((value) => (
            <button
              key={value}
              type="button"
              className="segmented__button"
              aria-pressed={sort === value}
              onClick={() => onSort(value)}
            >
              {SORT_LABELS[value]}
            </button>
          ))}
        </div>
        {found && (
          <p className="toolbar__count" aria-live="polite">
            {countLabel(found.length, LIMITS.searchResultsMax)}のクイズ
          </p>
        )}
      </div>
      {results.isError ? (
        <div className="state state--error" role="alert">
          <p>
            クイズの検索に失敗しました:{' '}
            {results.error instanceof ApiError ? results.error.status : 'ネットワークエラー'}
          </p>
          <p className="state__hint">一時的な問題かもしれません。少し待ってから、もう一度お試しください。</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void results.refetch()}
            disabled={results.isFetching}
          >
            <RefreshCw size={16} aria-hidden className={results.isFetching ? 'spin' : undefined} />
            {results.isFetching ? '検索しています...' : 'もう一度検索する'}
          </button>
        </div>
      ) : !found ? (
        <QuizGridSkeleton count={UI.searchSkeletons} />
      ) : found.length === 0 ? (
        <p className="state">{empty}</p>
      ) : (
        <>
          <h2 className="visually-hidden">{heading}</h2>
          <ul className="quiz-grid">
            {found.map((quiz) => (
              <li key={quiz.id}>
                <QuizCard quiz={quiz} isFavorite={favoriteIds.has(quiz.id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
