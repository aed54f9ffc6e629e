import { useState } from 'react';
import { BarChart3, RotateCcw } from 'lucide-react';
import type { Dashboard } from '@shared/learning';
import type { CurrentUser } from '@shared/users';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useLearningDashboard } from '@web/lib/api/get-learning-dashboard';
import { useSessionEnded } from '@web/lib/auth/use-session-ended';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { usePageTitle } from '@web/lib/page-title';
import { useDailyStats } from '../api/get-daily-stats';
import { useReviewQueue } from '../api/get-review-queue';
import { useRefreshLearning } from '../api/refresh-learning';
import { addDays } from '../days';
import { AccuracyTrendChart, TREND_DAYS } from './accuracy-trend-chart';
import { CalendarHeatmap } from './calendar-heatmap';
import { CategoryChart } from './category-chart';
import { PlanPanel } from './plan-panel';
import { ReviewDialog } from './review-dialog';
import { TodayPanel } from './today-panel';
import { TodoPanel } from './todo-panel';
import { WeaknessesPanel } from './weaknesses-panel';
import '../learning.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/**
 * '/learning' (学習記録, issue 29): today against the goal and the streak, the study plan, the
 * year's calendar, accuracy by category and over 30 days, weaknesses, today's to-dos, and the
 * review of mistakes. Its charts (recharts) load with this page only.
 */
export function LearningPage() {
  usePageTitle('学習記録');
  const current = useRequireUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return <Spinner />;
  return <Learning user={current.data} />;
}

function Learning({ user }: { user: CurrentUser }) {
  const dashboard = useLearningDashboard(user.id);
  // The review open: of every due question, or of one category's (from the weaknesses panel).
  const [reviewing, setReviewing] = useState<{ category?: string } | null>(null);
  const refresh = useRefreshLearning(user.id);
  // The answers changed today's figures, the queue and the weaknesses' reviews.
  const closeReview = () => {
    setReviewing(null);
    void refresh();
  };
  const reviewDue = dashboard.data?.reviewDue ?? 0;
  useSessionEnded([dashboard.error], paths.learning);

  return (
    <section className="container page learning" aria-labelledby="learning-title">
      <div className="page__header">
        <h1 id="learning-title" className="page__title">
          <BarChart3 size={26} aria-hidden /> 学習記録
        </h1>
        <button
          type="button"
          className="button button--primary"
          disabled={!dashboard.data || reviewDue === 0}
          onClick={() => setReviewing({})}
        >
          <RotateCcw size={16} aria-hidden />
          {reviewDue > 0 ? `間違えた問題を復習する（${reviewDue}問）` : '今日の復習はありません'}
        </button>
      </div>
      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.isError ? (
        <div className="state state--error" role="alert">
          <p>学習記録を読み込めませんでした。</p>
          <button type="button" className="button button--secondary" onClick={() => void dashboard.refetch()}>
            再読み込み
          </button>
        </div>
      ) : (
        <Panels
          userId={user.id}
          dashboard={dashboard.data}
          onReview={(category) => setReviewing({ category })}
        />
      )}
      {reviewing && <ReviewDialog category={reviewing.category} onClose={closeReview} />}
    </section>
  );
}

function Panels({
  userId,
  dashboard,
  onReview,
}: {
  userId: string;
  dashboard: Dashboard;
  onReview: (category: string) => void;
}) {
  const today = dashboard.today.date;
  const trend = useDailyStats(userId, addDays(today, -(TREND_DAYS - 1)), today);
  const queue = useReviewQueue(userId);
  const reviewable = new Set(
    (queue.data?.items ?? []).filter((item) => item.nextReviewDate <= today).map((item) => item.category),
  );
  return (
    <div className="learning__grid">
      <TodayPanel dashboard={dashboard} />
      <PlanPanel userId={userId} today={today} />
      <div className="learning__wide">
        <CalendarHeatmap calendar={dashboard.calendar} today={today} dailyGoal={dashboard.goal.dailyGoal} />
      </div>
      <CategoryChart categories={dashboard.categories} />
      <AccuracyTrendChart
        days={trend.data?.days}
        today={today}
        pending={trend.isPending}
        failed={trend.isError}
      />
      <WeaknessesPanel
        weaknesses={dashboard.weaknesses}
        reviewableCategories={reviewable}
        onReview={onReview}
      />
      <TodoPanel userId={userId} today={today} />
    </div>
  );
}
