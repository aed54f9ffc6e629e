import { hardestFirst, type QuizAnalytics } from '@shared/quiz-analytics';
import { QuestionAnalyticsCard } from './question-analytics-card';
import { formatNumber } from '@web/lib/format-number';

/** A quiz's analytics: its totals, then its questions hardest first (or why there is nothing yet). */
export function QuizAnalyticsView({ analytics }: { analytics: QuizAnalytics }) {
  const nothingYet =
    analytics.plays === 0 && analytics.questions.every((question) => question.answered === 0);
  return (
    <>
      <dl className="analytics-totals">
        <div className="analytics-totals__item card">
          <dt>プレイ回数</dt>
          <dd>{formatNumber(analytics.plays)}回</dd>
        </div>
        <div className="analytics-totals__item card">
          <dt>参加者</dt>
          <dd>{formatNumber(analytics.players)}人</dd>
        </div>
        <div className="analytics-totals__item card">
          <dt>平均正答率</dt>
          <dd>{analytics.averageScore === null ? '—' : `${analytics.averageScore}%`}</dd>
        </div>
      </dl>
      {nothingYet ? (
        <div className="state">
          <p>まだ誰もこのクイズをプレイしていません。</p>
          <p className="state__hint">
            プレイされると、問題ごとの正答率や選ばれた選択肢がここに表示されます。
          </p>
        </div>
      ) : (
        <section aria-labelledby="analytics-questions-title">
          <h2 id="analytics-questions-title" className="analytics__subtitle">
            問題ごとの結果<small>（正答率の低い順）</small>
          </h2>
          <ol className="analytics-questions">
            {hardestFirst(analytics.questions).map((question, index) => (
              <li key={question.questionId}>
                <QuestionAnalyticsCard question={question} rank={index + 1} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
