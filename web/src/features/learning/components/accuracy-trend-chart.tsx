import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '@shared/learning';
import { Spinner } from '@web/components/ui/spinner';
import { addDays, longDay, shortDay } from '../days';
import { ChartTable } from './chart-table';

/** Days the line covers, today included. */
export const TREND_DAYS = 30;

/**
 * 正答率の推移: the correct rate of each of the last 30 days with activity (a line). A day without
 * activity has no point (it is not a zero): the line goes straight from the active day before it
 * to the one after (`connectNulls`). The sentence and the table say the same as the line.
 */
export function AccuracyTrendChart({
  days,
  today,
  pending,
  failed,
}: {
  days: DailyStat[] | undefined;
  today: string;
  pending: boolean;
  failed: boolean;
}) {
  const byDay = new Map((days ?? []).map((day) => [day.date, day]));
  const series = Array.from({ length: TREND_DAYS }, (_, index) => {
    const date = addDays(today, index - (TREND_DAYS - 1));
    const day = byDay.get(date);
    return {
      date,
      label: shortDay(date),
      accuracy: day && day.questionsAnswered > 0 ? day.averageScore : null,
    };
  });
  const active = (days ?? []).filter((day) => day.questionsAnswered > 0);
  const answered = active.reduce((sum, day) => sum + day.questionsAnswered, 0);
  const correct = active.reduce((sum, day) => sum + day.correctAnswers, 0);
  return (
    <section className="card learning-panel" aria-labelledby="trend-title">
      <h2 id="trend-title" className="learning-panel__title">
        正答率の推移（30日間）
      </h2>
      {pending ? (
        <Spinner />
      ) : failed ? (
        <p className="state state--error">推移を読み込めませんでした。</p>
      ) : active.length === 0 ? (
        <p className="state">この30日間に回答した問題はありません。</p>
      ) : (
        <>
          <p className="learning-panel__summary">
            30日間のうち{active.length}日学習し、正答率は{Math.round((correct / answered) * 100)}%（{answered}
            問中{correct}
            問正解）です。
          </p>
          <div className="chart chart--trend" aria-hidden>
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 220 }}>
              <LineChart
                data={series}
                margin={{ top: 8, right: 16, bottom: 4, left: -12 }}
                accessibilityLayer={false}
              >
                <CartesianGrid stroke="#e3e5ee" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={24} />
                <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={{ fontSize: 12 }} />
                <Line
                  type="monotone"
                  dataKey="accuracy"
                  stroke="#4f46e5"
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  connectNulls
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ChartTable summary="日ごとの正答率を表で見る" caption="日ごとの正答率（過去30日間、学習した日）">
            <thead>
              <tr>
                <th scope="col">日付</th>
                <th scope="col">回答数</th>
                <th scope="col">正答率</th>
              </tr>
            </thead>
            <tbody>
              {[...active].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{longDay(day.date)}</th>
                  <td>{day.questionsAnswered}問</td>
                  <td>{day.averageScore}%</td>
                </tr>
              ))}
            </tbody>
          </ChartTable>
        </>
      )}
    </section>
  );
}
