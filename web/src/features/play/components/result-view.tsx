import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { UI } from '@shared/constants';
import type { Question, QuizDetail } from '@shared/quizzes';
import { paths } from '@web/config/paths';
import { useFavorites } from '@web/features/quizzes/api/quizzes';
import { FavoriteButton } from '@web/features/quizzes/components/favorite-button';
import type { Answer } from '../use-attempt';
import { useSavedAttempt } from '../use-saved-attempt';
import { RatingPrompt } from './rating-prompt';

function resultMessage(rate: number) {
  if (rate >= UI.resultThresholdExcellent) return 'すばらしい！ 完璧に近い出来です';
  if (rate >= UI.resultThresholdGood) return 'よくできました！';
  return 'もう一度チャレンジしてみよう！';
}

/**
 * The attempt's result: score, correct rate and message; for a signed-in player the attempt is
 * saved and the rating prompt follows. Favourite, retry, and the way back to more quizzes.
 */
export function ResultView(props: {
  quiz: QuizDetail;
  questions: Question[];
  answers: Record<string, Answer>;
  signedIn: boolean;
  onRetry: () => void;
}) {
  const favorites = useFavorites(props.signedIn);
  const [ratingClosed, setRatingClosed] = useState(false);
  const score = props.questions.filter(
    (question) => props.answers[question.id] === question.correctAnswer,
  ).length;
  const total = props.questions.length;
  const attemptId = useSavedAttempt({ ...props, score });
  const isFavorite = (favorites.data ?? []).some((quiz) => quiz.id === props.quiz.id);
  return (
    <section className="container play">
      <div className="card play-card result">
        <p className="result__label">結果</p>
        <p className="result__score">
          <span>{score}</span> / {total} 問正解
        </p>
        <p className="result__rate">正答率 {total ? Math.round((score / total) * 100) : 0}%</p>
        <p className="result__message">{resultMessage(total ? score / total : 0)}</p>
        {!props.signedIn && <p className="auth__muted">ログインすると結果が保存されます。</p>}
        {attemptId && !ratingClosed && (
          <RatingPrompt attemptId={attemptId} onClose={() => setRatingClosed(true)} />
        )}
        <div className="play-card__actions">
          <FavoriteButton quizId={props.quiz.id} quizTitle={props.quiz.title} isFavorite={isFavorite} />
          <button type="button" className="button button--secondary" onClick={props.onRetry}>
            <RotateCcw size={16} aria-hidden />
            もう一度挑戦
          </button>
          <Link to={paths.home} className="button button--primary">
            ほかのクイズを探す
          </Link>
        </div>
      </div>
    </section>
  );
}
