import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, CheckCircle2, Clock, HelpCircle, RotateCcw, XCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { UI } from '@shared/constants';
import type { AnswerCheckResult } from '@shared/attempts';
import type { PlayQuestion, QuizForPlay } from '@shared/quiz-schemas';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { currentPath, loginPathFor } from '@web/lib/auth/return-path';
import { useFavorites } from '@web/lib/api/get-favorites';
import { FavoriteButton } from '@web/components/favorite-button';
import { checkedResult, type AnswerCheck } from '../use-answer-checks';
import type { Answer, AttemptEnd } from '../use-attempt';
import { useSavedAttempt } from '../use-saved-attempt';
import { RatingPrompt } from './rating-prompt';

function resultMessage(rate: number) {
  if (rate >= UI.resultThresholdExcellent) return 'すばらしい！ 完璧に近い出来です';
  if (rate >= UI.resultThresholdGood) return 'よくできました！';
  return 'もう一度チャレンジしてみよう！';
}

const optionText = (question: PlayQuestion, letter: Answer | undefined) =>
  letter && letter !== '-' ? `${letter}: ${question[`option${letter}`] ?? ''}` : '未回答';

/** Whether `answer` is the right one; undefined while the question's check has not come back. */
const isRight = (answer: Answer | undefined, result: AnswerCheckResult | undefined) =>
  result && answer === result.correctAnswer;

/**
 * The attempt's result: score, correct rate and message (and 時間切れ when the clock ended it);
 * for a signed-in player the attempt is saved and the rating prompt follows. Then each question
 * with the player's answer, the right one and the explanation; retry all, or only the questions
 * missed (as practice); favourite; the way to more quizzes. The right answers are the server's
 * checks: the score waits for the last of them, and a check that failed can be asked again.
 */
export function ResultView(props: {
  quiz: QuizForPlay;
  questions: PlayQuestion[];
  answers: Record<string, Answer>;
  checks: Record<string, AnswerCheck>;
  ended: AttemptEnd;
  /** A retry of missed questions: shown, not saved. */
  practice: boolean;
  signedIn: boolean;
  /** The play's id (a signed-in player's play of the whole quiz) and the seconds spent on it. */
  playId: string | null;
  playSeconds: () => number;
  /** The seconds spent on each question answered (the author's analytics average them). */
  questionSeconds: () => Record<string, number>;
  onRetry: (only?: PlayQuestion[]) => void;
  onRecheck: () => void;
}) {
  const location = useLocation();
  const favorites = useFavorites(props.signedIn);
  const [ratingClosed, setRatingClosed] = useState(false);
  const results = props.questions.map((question) => checkedResult(props.checks[question.id]));
  const checked = results.every(Boolean);
  const failed = props.questions.some((question) => props.checks[question.id]?.status === 'failed');
  const score = props.questions.filter((question, index) =>
    isRight(props.answers[question.id], results[index]),
  ).length;
  const total = props.questions.length;
  const missed = props.questions.filter(
    (question, index) => !isRight(props.answers[question.id], results[index]),
  );
  const attemptId = useSavedAttempt({ ...props, signedIn: props.signedIn && !props.practice });
  const isFavorite = (favorites.data ?? []).some((quiz) => quiz.id === props.quiz.id);
  const timedOut = props.ended === 'timeout';
  // The result takes focus, so a screen reader reads it and the keyboard starts from it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="container play">
      <div className={`card play-card result${timedOut ? ' result--timeout' : ''}`}>
        <h1 ref={heading} tabIndex={-1} className="result__label">
          {timedOut ? (
            <>
              <Clock size={20} aria-hidden /> 時間切れ
            </>
          ) : props.practice ? (
            '間違えた問題の再挑戦の結果'
          ) : (
            '結果'
          )}
        </h1>
        {timedOut && (
          <p className="result__timeout">
            制限時間（{props.quiz.timeLimit}分）になったため終了しました。答えていない問題は不正解になります。
          </p>
        )}
        {checked ? (
          <>
            <p className="result__score">
              <span>{score}</span> / {total} 問正解
            </p>
            <p className="result__rate">正答率 {total ? Math.round((score / total) * 100) : 0}%</p>
            <p className="result__message">{resultMessage(total ? score / total : 0)}</p>
          </>
        ) : failed ? (
          <div className="result__unchecked" role="alert">
            <p>
              <AlertTriangle size={18} aria-hidden /> 答え合わせできなかった問題があります。
            </p>
            <button type="button" className="button button--secondary" onClick={props.onRecheck}>
              <RotateCcw size={16} aria-hidden />
              もう一度答え合わせする
            </button>
          </div>
        ) : (
          <p className="result__checking" role="status">
            <Spinner inline size={18} /> 答え合わせ中…
          </p>
        )}
        {props.practice ? (
          <p className="auth__muted">再挑戦の結果は記録されません。</p>
        ) : (
          !props.signedIn && (
            <p className="auth__muted">
              <Link to={loginPathFor(currentPath(location))}>ログインすると結果が保存されます。</Link>
            </p>
          )
        )}
        {attemptId && !ratingClosed && (
          <RatingPrompt attemptId={attemptId} onClose={() => setRatingClosed(true)} />
        )}
        <div className="play-card__actions">
          <FavoriteButton
            quizId={props.quiz.id}
            quizTitle={props.quiz.title}
            isFavorite={isFavorite}
            labelled
          />
          {checked && missed.length > 0 && missed.length < total && (
            <button type="button" className="button button--secondary" onClick={() => props.onRetry(missed)}>
              <XCircle size={16} aria-hidden />
              間違えた問題だけ再挑戦（{missed.length}問）
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => props.onRetry()}>
            <RotateCcw size={16} aria-hidden />
            もう一度挑戦
          </button>
          <Link to={props.signedIn ? paths.quizSearch : paths.home} className="button button--primary">
            ほかのクイズを探す
          </Link>
        </div>
      </div>
      <Review questions={props.questions} answers={props.answers} results={results} />
    </section>
  );
}

const VERDICT_LABELS = { correct: '正解', wrong: '不正解', unchecked: '答え合わせ前' } as const;

/** Each question: the player's answer, the right one, and the explanation (as their checks come back). */
function Review({
  questions,
  answers,
  results,
}: {
  questions: PlayQuestion[];
  answers: Record<string, Answer>;
  results: (AnswerCheckResult | undefined)[];
}) {
  return (
    <section className="card play-card review" aria-labelledby="review-title">
      <h2 id="review-title" className="review__title">
        答え合わせ
      </h2>
      <ol className="review__list">
        {questions.map((question, index) => {
          const answer = answers[question.id];
          const result = results[index];
          // Until its check is back, a question is neither right nor wrong.
          const verdict = !result ? 'unchecked' : isRight(answer, result) ? 'correct' : 'wrong';
          return (
            <li key={question.id} className={`review__item is-${verdict}`}>
              <p className="review__question">
                {verdict === 'correct' ? (
                  <CheckCircle2 size={18} aria-hidden className="review__mark" />
                ) : verdict === 'wrong' ? (
                  <XCircle size={18} aria-hidden className="review__mark" />
                ) : (
                  <HelpCircle size={18} aria-hidden className="review__mark" />
                )}
                <span>
                  <span className="visually-hidden">{VERDICT_LABELS[verdict]}: </span>問{index + 1}.{' '}
                  {question.questionText}
                </span>
              </p>
              <dl className="review__answers">
                <div>
                  <dt>あなたの回答</dt>
                  <dd
                    className={
                      verdict === 'correct'
                        ? 'mistakes__correct'
                        : verdict === 'wrong'
                          ? 'mistakes__yours'
                          : ''
                    }
                  >
                    {optionText(question, answer)}
                  </dd>
                </div>
                {verdict !== 'correct' && (
                  <div>
                    <dt>正解</dt>
                    <dd className="mistakes__correct">
                      {result ? optionText(question, result.correctAnswer) : '未確認'}
                    </dd>
                  </div>
                )}
              </dl>
              {result?.explanation && <p className="review__explanation">{result.explanation}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
