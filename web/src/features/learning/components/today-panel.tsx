import { Flame, Trophy } from 'lucide-react';
import type { Dashboard } from '@shared/learning';
import { percentOf, studyTime } from '../days';
import { GoalMeter } from './goal-meter';

const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * 今日の学習: today's answered questions against the daily goal (a ring), the week against the
 * weekly goal (a bar), today's figures and the streak. The ring's figures are its text too.
 */
export function TodayPanel({ dashboard }: { dashboard: Dashboard }) {
  const { today, goal, streak } = dashboard;
  const share = goal.dailyGoal > 0 ? Math.min(1, goal.todayDone / goal.dailyGoal) : 0;
  const done = goal.todayDone >= goal.dailyGoal;
  return (
    <section className="card learning-panel today-panel" aria-labelledby="today-title">
      <h2 id="today-title" className="learning-panel__title">
        今日の学習
      </h2>
      <div className="today-panel__body">
        <div
          className={`goal-ring${done ? ' is-done' : ''}`}
          role="img"
          aria-label={`今日の目標 ${goal.dailyGoal}問のうち${goal.todayDone}問（${percentOf(Math.min(goal.todayDone, goal.dailyGoal), goal.dailyGoal)}%）`}
        >
          <svg viewBox="0 0 120 120" aria-hidden>
            <circle className="goal-ring__track" cx="60" cy="60" r={RING_RADIUS} />
            <circle
              className="goal-ring__value"
              cx="60"
              cy="60"
              r={RING_RADIUS}
              strokeDasharray={`${share * RING_LENGTH} ${RING_LENGTH}`}
              transform="rotate(-90 60 60)"
            />
          </svg>
          <span className="goal-ring__text" aria-hidden>
            <strong>{goal.todayDone}</strong>
            <small>/ {goal.dailyGoal}問</small>
          </span>
        </div>
        <div className="today-panel__facts">
          <p className="today-panel__goal">
            {done ? '今日の目標を達成しました！' : `今日の目標まであと${goal.dailyGoal - goal.todayDone}問`}
          </p>
          <dl className="fact-list">
            <div>
              <dt>回答数</dt>
              <dd>{today.questionsAnswered}問</dd>
            </div>
            <div>
              <dt>正答率</dt>
              <dd>
                {today.questionsAnswered
                  ? `${percentOf(today.correctAnswers, today.questionsAnswered)}%`
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>完了したクイズ</dt>
              <dd>{today.quizzesCompleted}回</dd>
            </div>
            <div>
              <dt>学習時間</dt>
              <dd>{studyTime(today.timeSpent)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="today-panel__week">
        <p>
          今週 <strong>{goal.weekDone}</strong> / {goal.weeklyGoal}問
        </p>
        <GoalMeter label="今週の目標" value={goal.weekDone} max={goal.weeklyGoal} />
      </div>
      <div className="streak" role="group" aria-label="連続学習">
        <p className="streak__item">
          <Flame size={20} aria-hidden className="streak__flame" />
          連続 <strong>{streak.current}</strong>日
        </p>
        <p className="streak__item">
          <Trophy size={18} aria-hidden />
          最長 <strong>{streak.longest}</strong>日
        </p>
      </div>
    </section>
  );
}
