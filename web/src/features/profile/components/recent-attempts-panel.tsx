import { Play, Shuffle } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { RecentAttempt } from '@shared/learning';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { formatDay } from '@web/lib/format-date';

/** 最近の結果: the latest attempt at each quiz, its correct rate and mistakes, and retry links. */
export function RecentAttemptsPanel({
  attempts,
  pending,
}: {
  attempts: RecentAttempt[] | undefined;
  pending: boolean;
}) {
  return (
    <section className="card profile__panel" aria-labelledby="history-title">
      <h2 id="history-title" className="section__title">
        最近の結果
      </h2>
      {pending ? (
        <Spinner />
      ) : !attempts?.length ? (
        <p className="state">まだ結果はありません。</p>
      ) : (
        <ul className="history-list">
          {attempts.map((attempt) => (
            <RecentAttemptItem key={attempt.quizId} attempt={attempt} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentAttemptItem({ attempt }: { attempt: RecentAttempt }) {
  return (
    <li className="history-list__item">
      <div className="history-list__head">
        <div>
          <p className="history-list__title">{attempt.quizTitle}</p>
          <p className="history-list__meta">
            <time dateTime={attempt.date}>{formatDay(attempt.date)}</time> ・ 正答率 {attempt.correctRate}%
          </p>
        </div>
        <div className="history-list__actions">
          <Link
            to={paths.quiz(attempt.quizId, { random: true })}
            className="button button--secondary button--small"
            aria-label={`「${attempt.quizTitle}」にランダム順で再挑戦`}
          >
            <Shuffle size={14} aria-hidden /> ランダム
          </Link>
          <Link
            to={paths.quiz(attempt.quizId)}
            className="button button--primary button--small"
            aria-label={`「${attempt.quizTitle}」に再挑戦`}
          >
            <Play size={14} aria-hidden /> 再挑戦
          </Link>
        </div>
      </div>
      {attempt.mistakes.length === 0 ? (
        <p className="history-list__perfect">全問正解！</p>
      ) : (
        <ul className="mistakes">
          {attempt.mistakes.map((mistake, index) => (
            <li key={index}>
              <p className="mistakes__question">{mistake.question}</p>
              <p>
                あなたの回答: <span className="mistakes__yours">{mistake.yourAnswer}</span> ／ 正解:{' '}
                <span className="mistakes__correct">{mistake.correctAnswer}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
