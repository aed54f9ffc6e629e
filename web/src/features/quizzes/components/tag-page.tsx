import { useParams, useSearchParams } from 'react-router-dom';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { usePageTitle } from '@web/lib/page-title';
import { useQuizSearch } from '../api/search-quizzes';
import { QuizSearchResults, searchSortOf } from './quiz-search-results';
import '../quizzes.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/** '/tags/:name': a tag's quizzes over the whole catalogue, in the search's three orders (sign-in required, as search). */
export function TagPage() {
  const name = useParams().name ?? '';
  usePageTitle(`#${name} のクイズ`);
  const current = useRequireUser();
  const [params, setParams] = useSearchParams();
  const sort = searchSortOf(params.get('sort'));
  const results = useQuizSearch({ q: '', category: '', difficulty: '', sort, tag: name });
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return null;

  return (
    <section className="container page" aria-labelledby="tag-title">
      <h1 id="tag-title" className="page__title">
        #{name} のクイズ
      </h1>
      <QuizSearchResults
        results={results}
        sort={sort}
        onSort={(value) =>
          setParams(value === 'popular' ? {} : { sort: value }, { replace: true, preventScrollReset: true })
        }
        heading={`「${name}」のタグがついたクイズ`}
        empty="このタグのついた公開クイズはまだありません。"
      />
    </section>
  );
}
