import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@shared/learning';
import { ChartTable } from './chart-table';

type CategoryFigures = Dashboard['categories'][number];

/** Bars shown at most: the categories answered most. */
const SHOWN = 8;

const barColour = (accuracy: number) => (accuracy >= 80 ? '#047857' : accuracy >= 60 ? '#4f46e5' : '#b45309');

/**
 * カテゴリ別の正答率: one bar per category (the most answered first) over every answer so far. The bars
 * are for the eye; the sentence and the table say the same for screen readers and the keyboard.
 */
export function CategoryChart({ categories }: { categories: CategoryFigures[] }) {
  const shown = categories.slice(0, SHOWN);
  const weakest = [...categories].sort((a, b) => a.accuracy - b.accuracy)[0];
  return (
    <section className="card learning-panel" aria-labelledby="categories-title">
      <h2 id="categories-title" className="learning-panel__title">
        カテゴリ別の正答率
      </h2>
      {categories.length === 0 ? (
        <p className="state">まだ回答した問題はありません。</p>
      ) : (
        <>
          <p className="learning-panel__summary">
            {categories.length}カテゴリで回答しています。
            {weakest &&
              categories.length > 1 &&
              `正答率がいちばん低いのは「${weakest.category}」（${weakest.accuracy}%）です。`}
          </p>
          <div className="chart" aria-hidden style={{ height: shown.length * 36 + 40 }}>
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
              <BarChart
                data={shown}
                layout="vertical"
                margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
                accessibilityLayer={false}
              >
                <CartesianGrid horizontal={false} stroke="#e3e5ee" />
                <XAxis
                  type="number"
                  domain={[0, 100]}
                  ticks={[0, 50, 100]}
                  unit="%"
                  tick={{ fontSize: 12 }}
                />
                <YAxis type="category" dataKey="category" width={84} tick={{ fontSize: 12 }} />
                <Bar
                  dataKey="accuracy"
                  barSize={18}
                  radius={[0, 4, 4, 0]}
                  isAnimationActive={false}
                  label={{
                    position: 'right',
                    fontSize: 12,
                    formatter: (value: unknown) => `${String(value)}%`,
                  }}
                >
                  {shown.map((category) => (
                    <Cell key={category.category} fill={barColour(category.accuracy)} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ChartTable summary="カテゴリ別の正答率を表で見る" caption="カテゴリ別の正答率（これまでの全回答）">
            <thead>
              <tr>
                <th scope="col">カテゴリ</th>
                <th scope="col">回答数</th>
                <th scope="col">正解数</th>
                <th scope="col">正答率</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => (
                <tr key={category.category}>
                  <th scope="row">{category.category}</th>
                  <td>{category.questionsAnswered}問</td>
                  <td>{category.correctAnswers}問</td>
                  <td>{category.accuracy}%</td>
                </tr>
              ))}
            </tbody>
          </ChartTable>
        </>
      )}
    </section>
  );
}
