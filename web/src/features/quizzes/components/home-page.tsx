import { useDeferredValue, useRef, useState } from 'react';
import { ArrowRight, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LIMITS, UI } from '@shared/constants';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { loginPathFor } from '@web/lib/auth/return-path';
import { useFavorites } from '@web/lib/api/get-favorites';
import { useQuizList } from '@web/features/quizzes/api/get-quizzes';
import { FeaturedCard } from '@web/features/quizzes/components/featured-card';
import { QuizCard, QuizGridSkeleton } from '@web/features/quizzes/components/quiz-card';
import { QuizFilters, type Filters } from '@web/features/quizzes/components/quiz-filters';
import { useSearchInAddress } from '../use-search-in-address';
import { countLabel } from '@web/lib/count-label';
import { useDebounced } from '@web/lib/use-debounced';
import { paths } from '@web/config/paths';
import { CategorySection } from './category-section';
import { HomeHero } from './home-hero';
import { PopularTags } from './popular-tags';
import '../home.css';
import { usePageTitle } from '@web/lib/page-title';

/** Cards shown at first, and added by もっと見る. */
const HOME_PAGE_SIZE = 12;

/**
 * What the list under the filters shows: the newest quizzes, or the results of the search and
 * filters with their count (「『日本史』の検索結果（1件）」).
 */
function listHeading(search: string, category: string, difficulty: string, found: unknown[] | undefined) {
  const terms = [search && `『${search}』`, category, difficulty].filter(Boolean);
  if (terms.length === 0) return '新着クイズ';
  const count = found ? `（${countLabel(found.length, LIMITS.homeQuizListLimit)}）` : '';
  return `${terms.join('・')}の検索結果${count}`;
}

/** Home '/': hero, featured quiz, search and filters, categories, the latest quizzes. */
export function HomePage() {
  usePageTitle(null);
  const { data: user } = useCurrentUser();
  // In the address (`/?q=江戸&category=歴史`), so coming back from a quiz finds the same list.
  const { filters, setFilters } = useSearchInAddress();
  const search = useDebounced(filters.search.trim());
  const quizzes = useQuizList({ category: filters.category, difficulty: filters.difficulty, search });
  // The cards are most of the page (about 45 elements each). A query's answer is a synchronous
  // update, which would build them all in one task, blocking a slow phone for a third of a second:
  // the page shows the answer from a background render React does in slices, the skeletons (or the
  // previous list) staying meanwhile. Issue 27 (docs/decisions.md): no task over 200 ms on the budget's phone.
  const list = useDeferredValue(quizzes.data);
  // A page of cards at a time: more on request, not 50 cards on one long page.
  const [shown, setShown] = useState(HOME_PAGE_SIZE);
  const grid = useRef<HTMLUListElement>(null);
  const showMore = () => {
    const firstNew = shown;
    setShown(shown + HOME_PAGE_SIZE);
    // The keyboard goes on from the first card that appeared.
    requestAnimationFrame(() => (grid.current?.children[firstNew] as HTMLElement | undefined)?.focus());
  };
  const changeFilters = (next: Filters) => {
    setFilters(next);
    setShown(HOME_PAGE_SIZE);
  };
  const favorites = useFavorites(Boolean(user));
  const favoriteIds = new Set((favorites.data ?? []).map((quiz) => quiz.id));
  const scrollToSearch = () =>
    document.getElementById('quiz-search-area')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <HomeHero
        createTo={user ? paths.myQuizzes : loginPathFor(paths.myQuizzes)}
        onPlay={scrollToSearch}
        featured={<FeaturedCard />}
      />
      <div id="quiz-search-area" className="container home__content">
        <section className="section" aria-labelledby="quizzes-heading">
          <div className="section__header">
            <h2 id="quizzes-heading" className="section__title">
              クイズを探す
            </h2>
            <Link to={paths.quizSearch} className="section__link">
              すべてのクイズを見る <ArrowRight size={16} aria-hidden />
            </Link>
          </div>
          <QuizFilters value={filters} onChange={changeFilters} />
          <CategorySection
            selected={filters.category}
            onSelect={(category) => changeFilters({ ...filters, category })}
          />
          <PopularTags />
          <h3 className="section__subtitle">
            {listHeading(search, filters.category, filters.difficulty, list)}
          </h3>
          {quizzes.isError ? (
            <div className="state state--error" role="alert">
              <p>クイズの読み込みに失敗しました。</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void quizzes.refetch()}
              >
                <RefreshCw size={16} aria-hidden />
                再読み込み
              </button>
            </div>
          ) : !list ? (
            <QuizGridSkeleton count={UI.homeSkeletons} />
          ) : list.length === 0 ? (
            <p className="state">条件に合うクイズが見つかりませんでした。</p>
          ) : (
            <>
              <ul className="quiz-grid" ref={grid}>
                {list.slice(0, shown).map((quiz) => (
                  <li key={quiz.id} tabIndex={-1}>
                    <QuizCard quiz={quiz} isFavorite={favoriteIds.has(quiz.id)} />
                  </li>
                ))}
              </ul>
              <div className="load-more">
                <p role="status">
                  {countLabel(list.length, LIMITS.homeQuizListLimit)}のうち
                  {Math.min(shown, list.length)}件を表示
                </p>
                {shown < list.length ? (
                  <button type="button" className="button button--secondary" onClick={showMore}>
                    もっと見る
                  </button>
                ) : (
                  user && (
                    <Link to={paths.quizSearch} className="button button--secondary">
                      すべてのクイズを見る
                    </Link>
                  )
                )}
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}
