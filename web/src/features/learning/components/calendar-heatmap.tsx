import { useEffect, useRef } from 'react';
import type { Dashboard } from '@shared/learning';
import { addDays, daysBetween, longDay, weekdayFromMonday } from '../days';
import { ChartTable } from './chart-table';

type CalendarDay = Dashboard['calendar'][number];

const CELL = 12;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 22;
const TOP = 16;
const WEEKDAY_LABELS = ['月', '', '水', '', '金', '', ''];

/** How dark a day is: 0 none, then up to half the daily goal, the goal, twice it, more. */
export function levelOf(answered: number, dailyGoal: number) {
  if (answered <= 0) return 0;
  if (answered < dailyGoal / 2) return 1;
  if (answered < dailyGoal) return 2;
  if (answered < dailyGoal * 2) return 3;
  return 4;
}

/**
 * The year's calendar (like a contributions graph): the 365 days up to today in weeks from
 * Monday, each day shaded by the questions answered against the daily goal. The picture is for
 * the eye; beside it a sentence sums the year up and a table lists every day with activity.
 * On a phone the calendar scrolls sideways (from the keyboard too), starting at today.
 */
export function CalendarHeatmap({
  calendar,
  today,
  dailyGoal,
}: {
  calendar: CalendarDay[];
  today: string;
  dailyGoal: number;
}) {
  const byDay = new Map(calendar.map((day) => [day.date, day]));
  const first = addDays(today, -364);
  // The first column starts on the Monday of the first day's week.
  const start = addDays(first, -weekdayFromMonday(first));
  const weeks = Math.floor(daysBetween(start, today) / 7) + 1;
  const cells: { date: string; week: number; weekday: number; answered: number; correct: number }[] = [];
  const months: { week: number; label: string }[] = [];
  for (let offset = daysBetween(start, first); offset <= daysBetween(start, today); offset++) {
    const date = addDays(start, offset);
    const week = Math.floor(offset / 7);
    const weekday = offset % 7;
    const day = byDay.get(date);
    cells.push({
      date,
      week,
      weekday,
      answered: day?.questionsAnswered ?? 0,
      correct: day?.correctAnswers ?? 0,
    });
    if (date.endsWith('-01') || offset === daysBetween(start, first))
      months.push({
        week: weekday === 0 || date === first ? week : week + 1,
        label: `${Number(date.slice(5, 7))}月`,
      });
  }
  // A label too close to the next one (the first, partial month) gives way.
  const monthLabels = months.filter(
    (month, index) => (months[index + 1]?.week ?? Infinity) - month.week >= 3,
  );
  const active = calendar.filter((day) => day.questionsAnswered > 0);
  const total = active.reduce((sum, day) => sum + day.questionsAnswered, 0);
  const width = LEFT + weeks * STEP;
  const height = TOP + 7 * STEP;

  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Today is at the right end: a narrow screen starts there.
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);

  return (
    <section className="card learning-panel calendar-panel" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="learning-panel__title">
        学習カレンダー
      </h2>
      <p className="learning-panel__summary">
        過去1年間で学習した日は<strong>{active.length}日</strong>、回答した問題は合計
        <strong>{total}問</strong>です。
      </p>
      <div
        className="calendar-panel__scroller"
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label="学習カレンダーの図（横にスクロールできます）"
      >
        <svg
          className="heatmap"
          viewBox={`0 0 ${width} ${height}`}
          // As wide as the panel, never smaller than its natural size (a phone scrolls instead).
          style={{ minWidth: width, maxWidth: width * 1.5 }}
          aria-hidden
          focusable="false"
        >
          {monthLabels.map((month) => (
            <text
              key={`${month.week}-${month.label}`}
              x={LEFT + month.week * STEP}
              y={10}
              className="heatmap__label"
            >
              {month.label}
            </text>
          ))}
          {WEEKDAY_LABELS.map((label, weekday) =>
            label ? (
              <text key={label} x={0} y={TOP + weekday * STEP + CELL - 2} className="heatmap__label">
                {label}
              </text>
            ) : null,
          )}
          {cells.map((cell) => (
            <rect
              key={cell.date}
              x={LEFT + cell.week * STEP}
              y={TOP + cell.weekday * STEP}
              width={CELL}
              height={CELL}
              rx={2}
              className={`heatmap__day heatmap__day--${levelOf(cell.answered, dailyGoal)}${cell.date === today ? ' is-today' : ''}`}
            >
              <title>{`${longDay(cell.date)}: ${cell.answered}問`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div className="heatmap__legend" aria-hidden>
        少
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heatmap__swatch heatmap__day--${level}`} />
        ))}
        多
      </div>
      {active.length > 0 && (
        <ChartTable summary="学習した日を表で見る" caption="学習した日（新しい順）">
          <thead>
            <tr>
              <th scope="col">日付</th>
              <th scope="col">回答数</th>
              <th scope="col">正解数</th>
            </tr>
          </thead>
          <tbody>
            {[...active].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">{longDay(day.date)}</th>
                <td>{day.questionsAnswered}問</td>
                <td>{day.correctAnswers}問</td>
              </tr>
            ))}
          </tbody>
        </ChartTable>
      )}
    </section>
  );
}
