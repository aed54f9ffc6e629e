import { useEffect, useRef } from 'react';
import { AlertTriangle, CheckCircle2, Clock, RotateCcw, XCircle } from 'lucide-react';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import type { PlayQuestion } from '@shared/quiz-schemas';
import { QuestionImage } from '@web/components/question-image';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAnswerKeys } from '@web/lib/use-answer-keys';
import { checkedResult, type AnswerCheck } from '../use-answer-checks';
import type { Answer } from '../use-attempt';

const formatTime = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

const optionsOf = (question: PlayQuestion) =>
  ANSWER_LETTERS.map((letter) => ({ letter, text: question[`option${letter}`] })).filter(
    (option): option is { letter: AnswerLetter; text: string } => Boolean(option.text),
  );

/**
 * One question: progress, the clock (red in the last 30 s), the options, then once one is chosen
 * and the server has checked it, the feedback with the right answer and explanation, and the
 * button on (which takes focus). A check that failed says so and can be asked again; the player
 * may also go on (the review asks again at the end).
 */
export function QuestionView(props: {
  question: PlayQuestion;
  position: number;
  total: number;
  remaining: number;
  chosen: Answer | undefined;
  check: AnswerCheck | undefined;
  onChoose: (letter: AnswerLetter) => void;
  onRecheck: () => void;
  last: boolean;
  onNext: () => void;
}) {
  const { question, chosen, check } = props;
  const result = checkedResult(check);
  const settled = check?.status === 'checked' || check?.status === 'failed';
  const options = optionsOf(question);
  const nextButton = useRef<HTMLButtonElement>(null);
  // Each question takes focus as it appears (after スタート and after 次の問題へ), so the keyboard
  // and a screen reader are where the question is.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useAnswerKeys(
    options.map((option) => option.letter),
    props.onChoose,
  );
  useEffect(() => {
    if (chosen && settled) nextButton.current?.focus();
  }, [chosen, settled]);

  const correct = result !== undefined && chosen === result.correctAnswer;
  const answered = props.position + (chosen ? 1 : 0);
  return (
    <section className="container play" aria-labelledby="question-text">
      <div className="play-bar">
        <p className="play-bar__progress">
          問題 {props.position + 1} / {props.total}
        </p>
        <p
          className={`play-bar__timer${props.remaining <= 30 ? ' is-low' : ''}`}
          aria-label={`残り時間 ${formatTime(props.remaining)}`}
        >
          <Clock size={16} aria-hidden /> {formatTime(props.remaining)}
        </p>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="回答済みの問題"
        aria-valuemin={0}
        aria-valuemax={props.total}
        aria-valuenow={answered}
        aria-valuetext={`${props.total}問中${answered}問回答済み`}
      >
        <span style={{ width: `${(answered / props.total) * 100}%` }} />
      </div>
      <div className="card play-card">
        <h1 id="question-text" ref={heading} tabIndex={-1} className="play-card__question">
          {question.questionText}
        </h1>
        <QuestionImage key={question.id} image={question.image} />
        <div className="answers" role="group" aria-label="選択肢" aria-describedby="answer-keys-hint">
          {options.map((option, position) => {
            const state = !chosen
              ? ''
              : !result
                ? option.letter === chosen
                  ? ' is-chosen'
                  : ' is-muted'
                : option.letter === result.correctAnswer
                  ? ' is-correct'
                  : option.letter === chosen
                    ? ' is-wrong'
                    : ' is-muted';
            return (
              <button
                key={option.letter}
                type="button"
                className={`answer${state}`}
                disabled={Boolean(chosen)}
                aria-pressed={chosen === option.letter}
                // The visible letter and text first (speech users say what they see), then the key; the
                // space between them is in the text, as in the name (axe reads 「ACO2」 without it).
                aria-label={`${option.letter} ${option.text}（${position + 1}）`}
                onClick={() => props.onChoose(option.letter)}
              >
                <span className="answer__letter">{option.letter}</span>{' '}
                <span className="answer__text">{option.text}</span>
              </button>
            );
          })}
        </div>
        <p id="answer-keys-hint" className="answers__hint">
          キーボードの <kbd>1</kbd>〜<kbd>{options.length}</kbd> または <kbd>A</kbd>〜
          <kbd>{options.at(-1)?.letter}</kbd> でも選べます
        </p>
        {chosen && !settled && (
          <p className="feedback-pending" role="status">
            <Spinner inline size={18} /> 答え合わせ中…
          </p>
        )}
        {chosen && settled && (
          <div
            className={`feedback${result ? (correct ? ' is-correct' : ' is-wrong') : ' is-failed'}`}
            role="status"
          >
            <p className="feedback__title">
              {!result ? (
                <AlertTriangle size={20} aria-hidden />
              ) : correct ? (
                <CheckCircle2 size={20} aria-hidden />
              ) : (
                <XCircle size={20} aria-hidden />
              )}
              {!result
                ? '答え合わせに失敗しました。'
                : correct
                  ? '正解！'
                  : `不正解… 正解は ${result.correctAnswer}: ${question[`option${result.correctAnswer}`] ?? ''}`}
            </p>
            {!result && check?.status === 'failed' && (
              <p className="feedback__explanation">
                {errorMessage(check.error, '通信状況を確認して、もう一度お試しください。')}
              </p>
            )}
            {result?.explanation && <p className="feedback__explanation">{result.explanation}</p>}
            <div className="feedback__actions">
              {!result && (
                <button type="button" className="button button--secondary" onClick={props.onRecheck}>
                  <RotateCcw size={16} aria-hidden /> もう一度答え合わせする
                </button>
              )}
              <button
                ref={nextButton}
                type="button"
                className="button button--primary"
                onClick={props.onNext}
              >
                {props.last ? '結果を見る' : '次の問題へ'}
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
