import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Download } from 'lucide-react';
import { ANSWER_LETTERS } from '@shared/constants';
import type { ClassResults } from '@shared/classroom';
import type { CurrentUser } from '@shared/users';
import { LoginRequired } from '@web/components/login-required';
import { toastError } from '@web/components/toast/toast-error';
import { Spinner } from '@web/components/ui/spinner';
import { StatusCard } from '@web/components/ui/status-card';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { formatDateTime } from '@web/lib/format-date';
import { usePageTitle } from '@web/lib/page-title';
import { useDownloadClassResults } from '../api/download-class-results';
import { useClassResults } from '../api/get-class-results';
import { PlayerResultsTable } from './class-parts';
import '../classroom.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/**
 * `/classroom/:gameId/results` (issue 31): a game's players (rank, nickname, correct answers,
 * score) and each question's correct rate and option counts, with the CSV download.
 */
export function ClassResultsPage() {
  usePageTitle('クラスゲームの結果');
  const { gameId = '' } = useParams();
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>結果を見るにはログインしてください。</LoginRequired>;
  return <Results user={current.data} gameId={gameId} />;
}

function Results({ user, gameId }: { user: CurrentUser; gameId: string }) {
  const results = useClassResults(user.id, gameId);
  const download = useDownloadClassResults();
  if (results.isPending) return <Spinner />;
  if (results.isError)
    return (
      <StatusCard
        tone="error"
        title={
          results.error instanceof ApiError && results.error.status === 404
            ? 'クラスゲームが見つかりません'
            : '読み込みに失敗しました'
        }
        actions={
          <Link to={paths.classroom} className="button button--primary">
            クラスゲーム一覧へ
          </Link>
        }
      >
        <p>{errorMessage(results.error, 'しばらくしてからもう一度お試しください')}</p>
      </StatusCard>
    );
  const data = results.data;
  return (
    <section className="container page cls-page" aria-labelledby="cls-results-title">
      <Link to={paths.classroom} className="button button--secondary button--small">
        <ArrowLeft size={16} aria-hidden /> クラスゲーム一覧
      </Link>
      <div className="page__header">
        <h1 id="cls-results-title" className="page__title">
          {data.quizTitle} の結果
        </h1>
        <button
          type="button"
          className="button button--primary"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(
              { gameId, quizTitle: data.quizTitle },
              { onError: (error) => toastError(error, 'CSVのダウンロードに失敗しました') },
            )
          }
        >
          <Download size={16} aria-hidden />
          {download.isPending ? 'ダウンロード中...' : 'CSVをダウンロード'}
        </button>
      </div>
      <p className="cls-page__lead">
        {formatDateTime(data.playedAt)}・{data.players.length}人・{data.questions.length}問
      </p>
      <PlayersTable results={data} />
      <QuestionsTable results={data} />
    </section>
  );
}

/**
 * A table that scrolls sideways on a narrow screen: a named region a keyboard can focus and scroll
 * (axe: scrollable-region-focusable).
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cls-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

function PlayersTable({ results }: { results: ClassResults }) {
  return (
    <ScrollRegion label="参加者の成績">
      <PlayerResultsTable
        caption="参加者の成績"
        players={results.players}
        totalQuestions={results.questions.length}
      />
      {results.players.length === 0 && <p className="cls-page__empty">参加者はいませんでした。</p>}
    </ScrollRegion>
  );
}

function QuestionsTable({ results }: { results: ClassResults }) {
  return (
    <ScrollRegion label="問題ごとの正答率と回答数">
      <table className="cls-table">
        <caption>問題ごとの正答率と回答数</caption>
        <thead>
          <tr>
            <th scope="col">問題</th>
            <th scope="col">正答率</th>
            {ANSWER_LETTERS.map((letter) => (
              <th key={letter} scope="col">
                {letter}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.questions.map((question, index) => (
            <tr key={index}>
              <th scope="row" className="cls-table__question">
                {index + 1}. {question.text}
              </th>
              <td>
                <span className="cls-rate">
                  <span className="cls-rate__bar" aria-hidden>
                    <span style={{ width: `${Math.min(100, question.correctRate)}%` }} />
                  </span>
                  {question.correctRate.toFixed(1)}%
                </span>
              </td>
              {ANSWER_LETTERS.map((letter) => (
                <td key={letter}>{question.optionCounts[letter]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
