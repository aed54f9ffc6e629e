import type { ReactNode } from 'react';
import { Award, CheckCircle2, PencilLine } from 'lucide-react';
import type { ActivityItem } from '@shared/learning';
import { Spinner } from '@web/components/ui/spinner';
import { formatDay } from '@web/lib/format-date';

const activityIcons: Record<ActivityItem['type'], ReactNode> = {
  quiz_created: <PencilLine size={18} aria-hidden />,
  quiz_completed: <CheckCircle2 size={18} aria-hidden />,
  achievement: <Award size={18} aria-hidden />,
};
const activityLabels: Record<ActivityItem['type'], string> = {
  quiz_created: 'クイズ作成',
  quiz_completed: 'クイズ完了',
  achievement: '実績',
};

/** 最近のアクティビティ: the five latest quizzes made, attempts finished and achievements. */
export function ActivityPanel({
  activity,
  pending,
}: {
  activity: ActivityItem[] | undefined;
  pending: boolean;
}) {
  return (
    <section className="card profile__panel" aria-labelledby="activity-title">
      <h2 id="activity-title" className="section__title">
        最近のアクティビティ
      </h2>
      {pending ? (
        <Spinner />
      ) : !activity?.length ? (
        <p className="state">まだアクティビティはありません。クイズに挑戦してみましょう！</p>
      ) : (
        <ul className="activity-list">
          {activity.slice(0, 5).map((item) => (
            <li key={item.id} className={`activity-list__item activity-list__item--${item.type}`}>
              <span className="activity-list__icon" role="img" aria-label={activityLabels[item.type]}>
                {activityIcons[item.type]}
              </span>
              <span className="activity-list__text">
                <strong>{item.title}</strong>
                <span>{item.description}</span>
              </span>
              <span className="activity-list__meta">
                {item.score !== null && <span>{item.score}%</span>}
                <time dateTime={item.date}>{formatDay(item.date)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
