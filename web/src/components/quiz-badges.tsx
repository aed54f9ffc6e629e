import type { QuizSummary } from '@shared/quiz-schemas';
import './quiz-badges.css';

const difficultyTone: Record<string, string> = { 初級: 'easy', 中級: 'medium', 上級: 'hard' };

export function DifficultyBadge({ difficulty }: { difficulty: string | null | undefined }) {
  const label = difficulty || '未設定';
  return <span className={`pill pill--${difficultyTone[label] ?? 'neutral'}`}>{label}</span>;
}

export function CategoryBadge({ category }: { category: string | null | undefined }) {
  return <span className="pill pill--category">{category || '未分類'}</span>;
}

/** "★ 4.2" or 未評価. */
export function RatingText({ quiz }: { quiz: Pick<QuizSummary, 'averageRating'> }) {
  return quiz.averageRating > 0 ? (
    <span role="img" aria-label={`平均評価 ${quiz.averageRating.toFixed(1)}`}>
      ★ {quiz.averageRating.toFixed(1)}
    </span>
  ) : (
    <span>未評価</span>
  );
}
