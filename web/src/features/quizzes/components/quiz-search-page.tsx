import { useRequireUser } from '@web/lib/auth/use-require-user';
import { useQuizSearch } from '../api/search-quizzes';
import { useDebounced } from '@web/lib/use-debounced';
import { useCategories } from '@web/lib/api/get-categories';
import { CategoriesFailed } from './categories-failed';
import { QuizFilters } from './quiz-filters';
import { useSearchInAddress } from '../use-search-in-address';
import { QuizSearchResults } from './quiz-search-results';
import '../quizzes.css';
import { usePageTitle } from '@web/lib/page-title';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

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
