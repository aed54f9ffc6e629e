import { useDeferredValue } from 'react';
import { RefreshCw } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router-dom';
import { LIMITS, UI } from '@shared/constants';
import { SEARCH_SORTS } from '@shared/quizzes';
import { ApiError } from '@web/lib/api-client';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { useFavorites } from '@web/lib/api/get-favorites';
import { countLabel } from '@web/lib/count-label';
import { usePageTitle } from '@web/lib/page-title';
import { useQuizSearch } from '../api/search-quizzes';
import { QuizCard, QuizGridSkeleton } from './quiz-card';
import { SORT_LABELS } from './quiz-search-page';
import '../quizzes.css';

type Sort = (typeof SEARCH_SORTS)[number];
const isSort = (value: string | null): value is Sort => SEARCH_SORTS.some((sort) => sort === value);

/** '/tags/:name': a tag's quizzes over the whole catalogue, in the search's three orders (sign-in required, as search). */
export function TagPage() {
  const name = useParams().name ?? '';
  usePageTitle(`#${name} のクイズ`);
  const current = useRequireUser();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'popular';
  const signedIn = Boolean(current.data);
  const results = useQuizSearch({ q: '', category: '', difficulty: '', sort, tag: name });
  const found = useDeferredValue(results.data);
  const favorites = useFavorites(signedIn);
  const favoriteIds = new Set((favorites.data ?? []).map((quiz) => quiz.id));
  if (!signedIn) return null;

  return (
    <section className="container page" aria-labelledby="tag-title">
      <h1 id="tag-title" className="page__title">
        #{name} のクイズ
      </h1>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="並び順">
          {SEARCH_SORTS.map((value) => (
            <button
              key={value}
              type="button"
              className="segmented__button"
              aria-pressed={sort === value}
              onClick={() => setParams(value === 'popular' ? {} : { sort: value }, { replace: true })}
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
            クイズの読み込みに失敗しました:{' '}
            {results.error instanceof ApiError ? results.error.status : 'ネットワークエラー'}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void results.refetch()}
            disabled={results.isFetching}
          >
            <RefreshCw size={16} aria-hidden className={results.isFetching ? 'spin' : undefined} />
            もう一度読み込む
          </button>
        </div>
      ) : !found ? (
        <QuizGridSkeleton count={UI.searchSkeletons} />
      ) : found.length === 0 ? (
        <p className="state">このタグのついた公開クイズはまだありません。</p>
      ) : (
        <>
          <h2 className="visually-hidden">「{name}」のタグがついたクイズ</h2>
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
