import { Lightbulb } from 'lucide-react';
import { misleadingOption, QUIZ_ANALYTICS_MESSAGES, type QuestionAnalytics } from '@shared/quiz-analytics';
import { OptionTable } from './option-table';

/** How a right rate reads: hard under 40 %, fair up to 70 %, easy above. */
function rateTone(rate: number) {
  if (rate < 40) return 'hard';
  if (rate <= 70) return 'fair';
  return 'easy';
}

/** One question's figures: right rate, answers, average time, the options, and a hint when one wrong option draws most answers. */
export function QuestionAnalyticsCard({ question, rank }: { question: QuestionAnalytics; rank: number }) {
  const misleading = misleadingOption(question);
  const headingId = `question-analytics-${question.questionId}`;
  return (
    <article className="question-analytics card" aria-labelledby={headingId}>
      <header className="question-analytics__head">
        <h3 id={headingId} className="question-analytics__title">
          <span className="question-analytics__rank" aria-label={`難しい順 ${rank}位`}>
            {rank}
          </span>
          問題 {question.order}
        </h3>
        {question.correctRate === null ? (
          <span className="rate-badge">未回答</span>
        ) : (
          <span className={`rate-badge rate-badge--${rateTone(question.correctRate)}`}>
            正答率 {question.correctRate}%
          </span>
        )}
      </header>
      <p className="question-analytics__text">{question.questionText}</p>
      <dl className="question-analytics__figures">
        <div>
          <dt>回答数</dt>
          <dd>{question.answered}件</dd>
        </div>
        <div>
          <dt>平均回答時間</dt>
          <dd>{question.averageTimeSpent === null ? '—' : `${question.averageTimeSpent}秒`}</dd>
        </div>
      </dl>
      <OptionTable question={question} />
      {misleading && (
        <p className="question-analytics__hint">
          <Lightbulb size={18} aria-hidden />
          {QUIZ_ANALYTICS_MESSAGES.misleadingOption(misleading)}
        </p>
      )}
    </article>
  );
}
