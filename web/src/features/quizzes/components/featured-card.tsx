import { Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { useFeaturedQuiz } from '../api/get-featured-quiz';
import { CategoryBadge, DifficultyBadge, RatingText } from '@web/components/quiz-badges';
import '../quizzes.css';
import { formatNumber } from '@web/lib/format-number';

/** The featured card's place while it loads (also in the page the build paints before any script). */
export const FeaturedCardSkeleton = () => <div className="featured skeleton" aria-hidden />;

/** 今週の注目クイズ: category, difficulty, questions, participants, rating; links to the quiz. */
export function FeaturedCard() {
  const featured = useFeaturedQuiz();
  if (featured.isPending) return <FeaturedCardSkeleton />;
  if (featured.isError || !featured.data) return null;
  const quiz = featured.data;
  return (
    // Named by its content (eyebrow, title, details): an aria-label would leave the visible
    // details out of the name (WCAG 2.5.3).
    <Link to={paths.quiz(quiz.id)} className="featured">
      <span className="featured__eyebrow">
        <Sparkles size={16} aria-hidden />
        今週の注目クイズ
      </span>
      <span className="featured__title">{quiz.title}</span>
      <span className="featured__meta">
        <CategoryBadge category={quiz.category} />
        <DifficultyBadge difficulty={quiz.difficulty} />
        <span>{quiz.questionCount}問</span>
        <span>
          <Users size={14} aria-hidden /> {formatNumber(quiz.participantCount)}人が参加
        </span>
        <RatingText quiz={quiz} />
      </span>
    </Link>
  );
}
