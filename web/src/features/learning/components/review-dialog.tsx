import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import type { ReviewAnswerResult, ReviewSession } from '@shared/learning';
import { LEARNING } from '@shared/learning-constants';
import { CategoryBadge } from '@web/components/quiz-badges';
import { toastError } from '@web/components/toast/toast-error';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAnswerReview } from '../api/answer-review';
import { useStartReviewSession } from '../api/start-review-session';
import { longDay } from '../days';

type ReviewQuestion = ReviewSession['questions'][number];

const optionsOf = (question: ReviewQuestion) =>
  ANSWER_LETTERS.flatMap((letter) => {
    const text = question[`option${letter}`];
    return text === null ? [] : [{ letter, text }];
  });

/**
 * 間違えた問題の復習: a review session of the questions due today (`POST /api/review/session`).
 * Each answer is checked by the server (`POST /api/review/answer`): right or wrong, the right
 * answer and its explanation. A right answer moves the question to its next review day (SM-2),
 * so it leaves today's review; a wrong one keeps it due today, and it comes round again at the end
 * of the round. The review ends when every question was answered right once (three right reviews
 * in a row, on different days, master a question). The member may stop at any time. Closing
 * refreshes the learning records.
 */
export function ReviewDialog({
  category,
  onClose,
}: {
  /** Only this category's due questions (the weaknesses panel's review); all when absent. */
  category?: string | undefined;
  onClose: () => void;
}) {
  const start = useStartReviewSession();
  const answer = useAnswerReview();
  const [round, setRound] = useState<ReviewQuestion[] | null>(null);
  const [result, setResult] = useState<{ letter: AnswerLetter; answer: ReviewAnswerResult } | null>(null);
  const [tally, setTally] = useState({ questions: 0, answered: 0, correct: 0, mastered: 0 });
  const shownAt = useRef(Date.now());
  const heading = useRef<HTMLHeadingElement>(null);

  const { mutate: startSession } = start;
  useEffect(() => {
    startSession(category, {
      onSuccess: (session) => {
        setRound(session.questions);
        setTally((current) => ({ ...current, questions: session.questions.length }));
      },
    });
  }, [startSession, category]);
  // A session holds at most 20 questions: a full one done, more may be due today.
  const [moreDue, setMoreDue] = useState(true);
  const mayHaveMore = moreDue && tally.questions >= LEARNING.reviewSessionSize;
  const continueReview = () =>
    startSession(category, {
      onSuccess: (session) => {
        setRound(session.questions);
        setTally({ questions: session.questions.length, answered: 0, correct: 0, mastered: 0 });
      },
      // Nothing more due (404): today's review is done.
      onError: () => setMoreDue(false),
    });

  const question = round?.[0];
  useEffect(() => {
    shownAt.current = Date.now();
    heading.current?.focus();
  }, [question, tally.answered]);

  const choose = (letter: AnswerLetter) => {
    if (!question || result || answer.isPending) return;
    answer.mutate(
      {
        questionId: question.questionId,
        quizId: question.quizId,
        answer: letter,
        timeSpent: Math.min(3600, Math.round((Date.now() - shownAt.current) / 1000)),
      },
      {
        onSuccess: (checked) => {
          setResult({ letter, answer: checked });
          setTally((current) => ({
            ...current,
            answered: current.answered + 1,
            correct: current.correct + (checked.isCorrect ? 1 : 0),
            mastered: current.mastered + (checked.masteredAt ? 1 : 0),
          }));
        },
        onError: (failure) => {
          // Answered right elsewhere since (another tab), or its quiz hidden or deleted meanwhile
          // (404): it is no longer today's to review, and the round goes on without it.
          if (
            failure instanceof ApiError &&
            (failure.reason === 'review_not_due' || failure.status === 404)
          ) {
            setRound((current) => current?.filter((candidate) => candidate !== question) ?? null);
            setTally((current) => ({ ...current, questions: current.questions - 1 }));
          }
          toastError(failure, '回答を送れませんでした。もう一度お試しください。');
        },
      },
    );
  };

  const next = () => {
    if (!round || !question || !result) return;
    // Wrong: still due today, it comes round again at the end; right: done for today.
    const rest = round.slice(1);
    setRound(result.answer.isCorrect ? rest : [...rest, question]);
    setResult(null);
  };

  let body;
  if (start.isPending || (!round && !start.isError)) body = <Spinner />;
  else if (start.isError && !round)
    body = (
      <p className="state state--error" role="alert">
        {errorMessage(start.error, '復習を始められませんでした。')}
      </p>
    );
  else if (!question)
    body = (
      <div className="review-done" role="status">
        <CheckCircle2 size={40} aria-hidden />
        <p className="review-done__title">
          {tally.answered
            ? mayHaveMore
              ? `${tally.questions}問の復習が終わりました！`
              : '今日の復習が終わりました！'
            : '今日復習する問題はありません'}
        </p>
        {tally.answered > 0 && (
          <>
            <p>
              {tally.questions}問すべてに正解しました（{tally.answered}回答えて{tally.correct}回正解）。
              {mayHaveMore && '今日の復習がまだ残っているかもしれません。'}
            </p>
            <p>
              {tally.mastered > 0 && `${tally.mastered}問を覚えました。`}
              {tally.questions > tally.mastered && 'ほかの問題は次の復習日にもう一度出題されます。'}
            </p>
          </>
        )}
      </div>
    );
  else {
    const options = optionsOf(question);
    const right = result && options.find((option) => option.letter === result.answer.correctAnswer);
    body = (
      <div className="review-question">
        <p className="review-question__meta">
          <CategoryBadge category={question.category} />
          {question.quizTitle}
          <span className="review-question__left">残り{round?.length ?? 0}問</span>
        </p>
        <h3 ref={heading} tabIndex={-1} className="review-question__text">
          {question.questionText}
        </h3>
        <div className="review-options" role="group" aria-label="選択肢">
          {options.map((option) => {
            const state = result
              ? option.letter === result.answer.correctAnswer
                ? ' is-correct'
                : option.letter === result.letter
                  ? ' is-wrong'
                  : ''
              : '';
            return (
              <button
                key={option.letter}
                type="button"
                className={`review-option${state}`}
                disabled={Boolean(result) || answer.isPending}
                onClick={() => choose(option.letter)}
              >
                <span className="review-option__letter">{option.letter}</span> {option.text}
              </button>
            );
          })}
        </div>
        {result && (
          <div
            className={`review-feedback ${result.answer.isCorrect ? 'is-correct' : 'is-wrong'}`}
            role="status"
          >
            <p className="review-feedback__title">
              {result.answer.isCorrect ? (
                <>
                  <CheckCircle2 size={20} aria-hidden /> 正解！
                </>
              ) : (
                <>
                  <XCircle size={20} aria-hidden /> 不正解… 正解は {result.answer.correctAnswer}:{' '}
                  {right?.text}
                </>
              )}
            </p>
            {result.answer.explanation && (
              <p className="review-feedback__explanation">{result.answer.explanation}</p>
            )}
            <p className="review-question__next">
              {result.answer.masteredAt
                ? 'この問題は覚えました。復習リストから外れます。'
                : result.answer.isCorrect
                  ? `次の復習日: ${result.answer.nextReviewDate ? longDay(result.answer.nextReviewDate) : '—'}`
                  : 'このあともう一度出題します'}
            </p>
          </div>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="間違えた問題の復習"
      size="wide"
      closeButton={false}
    >
      {category && <p className="review-dialog__scope">{category}の問題だけを復習します</p>}
      {body}
      <div className="dialog__actions">
        {question && result ? (
          <>
            <DialogClose className="button button--secondary">今日はここまで</DialogClose>
            <button type="button" className="button button--primary" onClick={next}>
              次の問題へ
            </button>
          </>
        ) : (
          <>
            <DialogClose className="button button--secondary">{question ? '中断する' : '閉じる'}</DialogClose>
            {!question && tally.answered > 0 && mayHaveMore && (
              <button
                type="button"
                className="button button--primary"
                disabled={start.isPending}
                onClick={continueReview}
              >
                続けて復習する
              </button>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
