import { BarChart3, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { useLearningDashboard } from '@web/lib/api/get-learning-dashboard';

/**
 * The learning records in brief (today against the goal, the streak, the reviews due), from the
 * same dashboard query as the learning page, so both show the same figures; a link leads there.
 */
export function LearningSummary({ userId }: { userId: string }) {
  const dashboard = useLearningDashboard(userId);
  const data = dashboard.data;
  return (
    <section className="card learning-summary" aria-labelledby="learning-summary-title">
      <h2 id="learning-summary-title" className="learning-summary__title">
        <BarChart3 size={20} aria-hidden /> 学習記録
      </h2>
      {data ? (
        <dl className="learning-summary__figures">
          <div>
            {/* The ring of /learning's 今日の学習: the day's answers the goal counts (the plan's category). */}
            <dt>今日の目標</dt>
            <dd>
              {data.goal.todayDone} / {data.goal.dailyGoal}問
            </dd>
          </div>
          <div>
            <dt>連続学習</dt>
            <dd>{data.streak.current}日</dd>
          </div>
          <div>
            <dt>最長連続</dt>
            <dd>{data.streak.longest}日</dd>
          </div>
          <div>
            <dt>今日の復習</dt>
            <dd>{data.reviewDue}問</dd>
          </div>
        </dl>
      ) : (
        <p className="learning-summary__pending">
          {dashboard.isError ? '学習記録を読み込めませんでした。' : '読み込み中…'}
        </p>
      )}
      <Link to={paths.learning} className="button button--secondary learning-summary__link">
        学習記録を見る
        <ChevronRight size={16} aria-hidden />
      </Link>
    </section>
  );
}
