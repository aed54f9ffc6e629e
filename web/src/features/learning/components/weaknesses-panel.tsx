import { ArrowDownRight, ArrowRight, ArrowUpRight, RotateCcw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ImprovementTrend, Weakness } from '@shared/learning';
import { DifficultyBadge } from '@web/components/quiz-badges';
import { paths } from '@web/config/paths';

const trends: Record<ImprovementTrend, { label: string; icon: ReactNode }> = {
  improving: { label: '改善中', icon: <ArrowUpRight size={14} aria-hidden /> },
  stable: { label: '横ばい', icon: <ArrowRight size={14} aria-hidden /> },
  declining: { label: '低下中', icon: <ArrowDownRight size={14} aria-hidden /> },
};

/**
 * 苦手な分野: the weakest categories × difficulties (at least 5 answers each), with the trend and
 * the recommended action; it leads to a review of the mistakes in that category (that category's
 * only) when some are due, and always to the category's quizzes.
 */
export function WeaknessesPanel({
  weaknesses,
  reviewableCategories,
  onReview,
}: {
  weaknesses: Weakness[];
  /** Categories with review questions due today. */
  reviewableCategories: ReadonlySet<string>;
  /** Starts a review of the category's due mistakes. */
  onReview: (category: string) => void;
}) {
  return (
    <section className="card learning-panel" aria-labelledby="weaknesses-title">
      <h2 id="weaknesses-title" className="learning-panel__title">
        苦手な分野
      </h2>
      {weaknesses.length === 0 ? (
        <p className="state">分野ごとに5問以上回答すると、苦手な分野がここに表示されます。</p>
      ) : (
        <ol className="weakness-list">
          {weaknesses.map((weakness) => {
            const trend = trends[weakness.improvementTrend];
            return (
              <li key={`${weakness.category}-${weakness.difficulty}`} className="weakness">
                <div className="weakness__head">
                  <h3 className="weakness__name">
                    {weakness.category}
                    <DifficultyBadge difficulty={weakness.difficulty} />
                  </h3>
                  <span className={`weakness__trend weakness__trend--${weakness.improvementTrend}`}>
                    {trend.icon}
                    {trend.label}
                  </span>
                </div>
                <p className="weakness__figures">
                  正答率 <strong>{weakness.accuracy}%</strong>（{weakness.totalAttempts}問中
                  {weakness.correctAttempts}
                  問正解）
                </p>
                <p className="weakness__action">{weakness.recommendedAction}</p>
                <div className="weakness__buttons">
                  {reviewableCategories.has(weakness.category) && (
                    <button
                      type="button"
                      className="button button--primary button--small"
                      onClick={() => onReview(weakness.category)}
                    >
                      <RotateCcw size={14} aria-hidden />
                      {weakness.category}の間違えた問題を復習
                    </button>
                  )}
                  <Link
                    to={paths.quizSearchIn(weakness.category)}
                    className="button button--secondary button--small"
                  >
                    <Search size={14} aria-hidden />
                    {weakness.category}のクイズを探す
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
