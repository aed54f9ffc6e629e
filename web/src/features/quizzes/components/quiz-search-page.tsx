import { useDeferredValue } from 'react';
import { RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_SORTS } from '@shared/quizzes';
import { DIFFICULTIES, LIMITS, UI } from '@shared/constants';
import { ApiError } from '@web/lib/api-client';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { useFavorites } from '@web/lib/api/get-favorites';
import { useQuizSearch } from '../api/search-quizzes';
import { useDebounced } from '@web/lib/use-debounced';
import { countLabel } from '@web/lib/count-label';
import { QuizCard, QuizGridSkeleton } from './quiz-card';
import { QuizFilters, type Filters } from './quiz-filters';
import '../quizzes.css';
import { usePageTitle } from '@web/lib/page-title';

/** The three sorts' names (the search page and a tag's page). */
export const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  popular: '人気順',
  newest: '新着順',
  rating: '評価順',
};

type Sort = (typeof SEARCH_SORTS)[number];
const isSort = (value: string | null): value is Sort => SEARCH_SORTS.some((sort) => sort === value);
const isDifficulty = (value: string) => DIFFICULTIES.some((difficulty) => difficulty === value);

/**
 * The search as the address says it (`?q=宇宙&category=科学&difficulty=初級&sort=rating`): a search
 * can be shared or bookmarked, and the back button comes back to it. Typing replaces the address
 * rather than adding a history entry per key.
 */
function useSearchInAddress() {
  const [params, setParams] = useSearchParams();
  const difficulty = params.get('difficulty') ?? '';
  const sortParam = params.get('sort');
  const filters: Filters = {
    search: params.get('q') ?? '',
    category: params.get('category') ?? '',
    difficulty: isDifficulty(difficulty) ? difficulty : '',
  };
  const sort: Sort = isSort(sortParam) ? sortParam : 'popular';
  const write = (next: Filters, nextSort: Sort) => {
    const entries = Object.entries({
      q: next.search,
      category: next.category,
      difficulty: next.difficulty,
      sort: nextSort === 'popular' ? '' : nextSort,
    }).filter(([, value]) => value !== '');
    setParams(new URLSearchParams(entries), { replace: true });
  };
  return {
    filters,
    sort,
    setFilters: (next: Filters) => write(next, sort),
    setSort: (next: Sort) => write(filters, next),
  };
}

/** '/quiz-search': find quizzes (sign-in required). */
export function QuizSearchPage() {
  usePageTitle('クイズを探す');
  const current = useRequireUser();
  const { filters, setFilters, sort, setSort } = useSearchInAddress();
  const q = useDebounced(filters.search.trim());
  const signedIn = Boolean(current.data);
  const results = useQuizSearch({ q, category: filters.category, difficulty: filters.difficulty, sort });
  // Up to 50 cards: built in a background render React does in slices, not in the one task of the
  // query's answer (home-page.tsx says why).
  const found = useDeferredValue(results.data);
  const favorites = useFavorites(signedIn);
  const favoriteIds = new Set((favorites.data ?? []).map((quiz) => quiz.id));
  if (!signedIn) return null;

  return (
    <section className="container page" aria-labelledby="search-title">
      <h1 id="search-title" className="page__title">
        クイズを探す
      </h1>
      <QuizFilters value={filters} onChange={setFilters} />
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="並び順">
          {SEARCH_SORTS.map((value) => (
            <button
              key={value}
              type="button"
              className="segmented__button"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
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
        <p className="state">
          条件に合うクイズが見つかりませんでした。キーワードや条件を変えてお試しください。
        </p>
      ) : (
        <>
          {/* The cards' headings (h3) sit under a heading of their own, not straight under the page's. */}
          <h2 className="visually-hidden">検索結果</h2>
          <ul className="quiz-grid">
            {found.map((quiz) => (
              <li key={quiz.id}>
                <QuizCard quiz={quiz} isFavorite={favoriteIds.has(quiz.id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
