import { useState } from 'react';
import { ArrowRight, Gamepad2, PencilLine, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { UI } from '@shared/constants';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useFavorites, useQuizList } from '@web/features/quizzes/api/quizzes';
import { FeaturedCard } from '@web/features/quizzes/components/featured-card';
import { QuizCard, QuizGridSkeleton } from '@web/features/quizzes/components/quiz-card';
import { QuizFilters, type Filters } from '@web/features/quizzes/components/quiz-filters';
import { useDebounced } from '@web/features/quizzes/use-debounced';
import { paths } from '@web/config/paths';
import { CategorySection } from './category-section';
import '../home.css';
import { usePageTitle } from '@web/lib/page-title';

/** Home '/': hero, featured quiz, search and filters, categories, the latest quizzes. */
export function HomePage() {
  usePageTitle(null);
  const { data: user } = useCurrentUser();
  const [filters, setFilters] = useState<Filters>({ search: '', category: '', difficulty: '' });
  const search = useDebounced(filters.search.trim());
  const quizzes = useQuizList({ category: filters.category, difficulty: filters.difficulty, search });
  const favorites = useFavorites(Boolean(user));
  const favoriteIds = new Set((favorites.data ?? []).map((quiz) => quiz.id));
  const scrollToSearch = () =>
    document.getElementById('quiz-search-area')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">みんなで作って、みんなで遊ぶ</p>
            <h1 className="hero__title">
              知識を試そう。
              <br />
              クイズを作ろう。
            </h1>
            <p className="hero__lead">
              科学から歴史、資格試験まで。コミュニティが作ったクイズに挑戦したり、AI
              の力を借りて自分だけのクイズを作ったりできます。
            </p>
            <div className="hero__actions">
              <button type="button" className="button button--primary button--large" onClick={scrollToSearch}>
                <Gamepad2 size={20} aria-hidden />
                クイズで遊ぶ
              </button>
              <Link to={user ? paths.myQuizzes : paths.login} className="button button--ghost button--large">
                <PencilLine size={20} aria-hidden />
                クイズを作る
              </Link>
            </div>
          </div>
          <FeaturedCard />
        </div>
      </section>
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
          <QuizFilters value={filters} onChange={setFilters} />
          <CategorySection
            selected={filters.category}
            onSelect={(category) => setFilters({ ...filters, category })}
          />
          <h3 className="section__subtitle">新着クイズ</h3>
          {quizzes.isPending ? (
            <QuizGridSkeleton count={UI.homeSkeletons} />
          ) : quizzes.isError ? (
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
          ) : quizzes.data.length === 0 ? (
            <p className="state">条件に合うクイズが見つかりませんでした。</p>
          ) : (
            <ul className="quiz-grid">
              {quizzes.data.map((quiz) => (
                <li key={quiz.id}>
                  <QuizCard quiz={quiz} isFavorite={favoriteIds.has(quiz.id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
