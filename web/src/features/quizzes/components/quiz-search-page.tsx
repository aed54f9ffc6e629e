import { useSearchParams } from 'react-router-dom';
import { DIFFICULTIES } from '@shared/constants';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { useQuizSearch } from '../api/search-quizzes';
import { useDebounced } from '@web/lib/use-debounced';
import { useCategories } from '@web/lib/api/get-categories';
import { CategoriesFailed } from './categories-failed';
import { QuizFilters, type Filters } from './quiz-filters';
import { QuizSearchResults, searchSortOf, type SearchSort } from './quiz-search-results';
import '../quizzes.css';
import { usePageTitle } from '@web/lib/page-title';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

const isDifficulty = (value: string) => DIFFICULTIES.some((difficulty) => difficulty === value);

/**
 * The search as the address says it (`?q=宇宙&category=科学&difficulty=初級&sort=rating`): a search
 * can be shared or bookmarked, and the back button comes back to it. Typing replaces the address
 * rather than adding a history entry per key.
 */
function useSearchInAddress() {
  const [params, setParams] = useSearchParams();
  const difficulty = params.get('difficulty') ?? '';

  const filters: Filters = {
    search: params.get('q') ?? '',
    category: params.get('category') ?? '',
    difficulty: isDifficulty(difficulty) ? difficulty : '',
  };
  const sort = searchSortOf(params.get('sort'));
  const write = (next: Filters, nextSort: SearchSort) => {
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
    setSort: (next: SearchSort) => write(filters, next),
  };
}

/** '/quiz-search': find quizzes (sign-in required). */
export function QuizSearchPage() {
  usePageTitle('クイズを探す');
  const current = useRequireUser();
  const categories = useCategories();
  const { filters, setFilters, sort, setSort } = useSearchInAddress();
  const q = useDebounced(filters.search.trim());
  const results = useQuizSearch({ q, category: filters.category, difficulty: filters.difficulty, sort });
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return null;

  return (
    <section className="container page" aria-labelledby="search-title">
      <h1 id="search-title" className="page__title">
        クイズを探す
      </h1>
      <QuizFilters value={filters} onChange={setFilters} />
      {categories.isError && <CategoriesFailed onRetry={() => void categories.refetch()} />}
      <QuizSearchResults
        results={results}
        sort={sort}
        onSort={setSort}
        heading="検索結果"
        empty="条件に合うクイズが見つかりませんでした。キーワードや条件を変えてお試しください。"
      />
    </section>
  );
}
