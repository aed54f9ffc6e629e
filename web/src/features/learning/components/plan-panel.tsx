import { useState } from 'react';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { LEARNING_MESSAGES, type StudyPlan } from '@shared/learning';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useConfirmDelete } from '@web/components/ui/use-confirm-delete';
import { daysBetween, longDay } from '../days';
import { useDeleteStudyPlan } from '../api/delete-study-plan';
import { useStudyPlans } from '../api/get-study-plans';
import { useUpdateStudyPlan } from '../api/update-study-plan';
import { GoalMeter } from './goal-meter';
import { PlanDialog } from './plan-dialog';

/** 「試験まであと12日」: the countdown to a plan's exam day. */
export function examCountdown(examDate: string, today: string) {
  const days = daysBetween(today, examDate);
  if (days > 0) return `試験まであと${days}日`;
  if (days === 0) return '今日が試験日です';
  return '試験日を過ぎました';
}

/**
 * 学習プラン: the active plan (goals, progress, the countdown to the exam), the other plans to
 * activate, edit or delete, and the editor dialog for a new one.
 */
export function PlanPanel({ userId, today }: { userId: string; today: string }) {
  const plans = useStudyPlans(userId);
  const update = useUpdateStudyPlan(userId);
  const remove = useDeleteStudyPlan(userId);
  const [editing, setEditing] = useState<StudyPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StudyPlan | null>(null);
  const confirm = useConfirmDelete({
    target: deleting,
    close: () => setDeleting(null),
    remove,
    idOf: (plan) => plan.id,
    deleted: LEARNING_MESSAGES.planDeleted,
    failed: '学習プランを削除できませんでした。',
  });
  const list = plans.data?.plans ?? [];
  const active = list.find((plan) => plan.isActive);
  const others = list.filter((plan) => !plan.isActive);

  const activate = (plan: StudyPlan) =>
    update.mutate(
      { id: plan.id, isActive: true },
      {
        onSuccess: () => toast({ title: `「${plan.title}」を実行中のプランにしました`, variant: 'success' }),
        onError: (failure) => toastError(failure, '学習プランを切り替えられませんでした。'),
      },
    );

  return (
    <section className="card learning-panel plan-panel" aria-labelledby="plan-title">
      <div className="learning-panel__head">
        <h2 id="plan-title" className="learning-panel__title">
          学習プラン
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setEditing('new')}
        >
          <Plus size={14} aria-hidden />
          新しいプラン
        </button>
      </div>
      {plans.isPending ? (
        <Spinner />
      ) : plans.isError ? (
        <p className="state state--error">学習プランを読み込めませんでした。</p>
      ) : !active ? (
        <p className="state">
          実行中の学習プランはありません。目標は1日5問・週35問です。プランを作ると、目標と試験日までの進み具合を決められます。
        </p>
      ) : (
        <div className="plan">
          <div className="plan__head">
            <h3 className="plan__title">{active.title}</h3>
            <button
              type="button"
              className="icon-button"
              aria-label={`「${active.title}」を編集`}
              onClick={() => setEditing(active)}
            >
              <Pencil size={16} aria-hidden />
            </button>
          </div>
          {active.description && <p className="plan__description">{active.description}</p>}
          {active.targetExamDate && (
            <p className="plan__countdown">
              <CalendarClock size={18} aria-hidden />
              <strong>{examCountdown(active.targetExamDate, today)}</strong>
              <span>（{longDay(active.targetExamDate)}）</span>
            </p>
          )}
          <p className="plan__progress-label">
            進み具合 <strong>{active.progress}%</strong>
          </p>
          <GoalMeter
            label="プランの進み具合"
            value={active.progress}
            max={100}
            valueText={`${active.progress}%`}
          />
          <dl className="fact-list fact-list--plan">
            <div>
              <dt>対象</dt>
              <dd>{active.targetCategory ?? 'すべてのカテゴリ'}</dd>
            </div>
            <div>
              <dt>目標</dt>
              <dd>
                1日{active.dailyGoal}問・週{active.weeklyGoal}問
              </dd>
            </div>
            <div>
              <dt>期間</dt>
              <dd>
                {active.endDate
                  ? `${longDay(active.startDate)}〜${longDay(active.endDate)}`
                  : `${longDay(active.startDate)}から`}
              </dd>
            </div>
          </dl>
        </div>
      )}
      {list.length > 0 && (
        <details className="plan-list" open={!active && others.length > 0}>
          <summary>すべてのプラン（{list.length}件）</summary>
          <ul>
            {list.map((plan) => (
              <li key={plan.id} className="plan-list__item">
                <span className="plan-list__title">
                  {plan.title}
                  {plan.isActive && <span className="pill pill--category">実行中</span>}
                </span>
                <span className="plan-list__buttons">
                  {!plan.isActive && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={update.isPending}
                      onClick={() => activate(plan)}
                      aria-label={`「${plan.title}」を実行中にする`}
                    >
                      実行中にする
                    </button>
                  )}
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`「${plan.title}」を編集`}
                    onClick={() => setEditing(plan)}
                  >
                    <Pencil size={16} aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`「${plan.title}」を削除`}
                    onClick={() => setDeleting(plan)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {editing && (
        <PlanDialog
          userId={userId}
          plan={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...confirm}
        title="学習プランを削除しますか？"
        description={deleting ? `「${deleting.title}」を削除します。この操作は取り消せません。` : ''}
      />
    </section>
  );
}
