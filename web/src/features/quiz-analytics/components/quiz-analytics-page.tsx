import { ArrowLeft, BarChart3, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { usePageTitle } from '@web/lib/page-title';
import { useQuizAnalytics } from '../api/get-quiz-analytics';
import { QuizAnalyticsView } from './quiz-analytics-view';
import '../quiz-analytics.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/** '/my-quizzes/:id/analytics' (issue 30): how the author's quiz is played, question by question. */
export function QuizAnalyticsPage() {
  usePageTitle('クイズの分析');
  const current = useRequireUser();
  const { id = '' } = useParams();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return <Spinner />;
  return <Analytics quizId={id} />;
}

function Analytics({ quizId }: { quizId: string }) {
  const analytics = useQuizAnalytics(quizId);
  const notFound = analytics.error instanceof ApiError && analytics.error.status === 404;
  return (
    <section className="container page analytics" aria-labelledby="analytics-title">
      <Link to={paths.myQuizzes} className="analytics__back">
        <ArrowLeft size={16} aria-hidden />
        マイクイズに戻る
      </Link>
      <div className="page__header">
        <h1 id="analytics-title" className="page__title">
          <BarChart3 size={26} aria-hidden />
          <span>
            クイズの分析
            {analytics.data && <span className="analytics__quiz-title">{analytics.data.title}</span>}
          </span>
        </h1>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void analytics.refetch()}
          disabled={analytics.isFetching}
        >
          <RefreshCw size={16} aria-hidden />
          {analytics.isFetching ? '更新中...' : '最新の結果に更新'}
        </button>
      </div>
      {analytics.isPending ? (
        <Spinner />
      ) : analytics.isError ? (
        <div className="state state--error" role="alert">
          <p>{notFound ? 'クイズが見つかりません。' : '分析の読み込みに失敗しました。'}</p>
        </div>
      ) : (
        <QuizAnalyticsView analytics={analytics.data} />
      )}
    </section>
  );
}
