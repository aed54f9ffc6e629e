import { Check, X } from 'lucide-react';
import type { Room } from '@shared/multiplayer';
import type { Me, QuestionState, RevealMessage } from '../game-state';
import { useRemaining } from '@web/lib/use-remaining';
import { AnswerShape, PlayerAvatar, scoreText, useViewHeading } from './game-parts';
import { formatNumber } from '@web/lib/format-number';

/** Ranks by total score; equal totals share a rank (1, 2, 2, 4). */
export function ranked<T extends { totalScore: number }>(entries: readonly T[]): (T & { rank: number })[] {
  const sorted = [...entries].sort((a, b) => b.totalScore - a.totalScore);
  return sorted.map((entry) => ({
    ...entry,
    rank: sorted.findIndex((other) => other.totalScore === entry.totalScore) + 1,
  }));
}

/**
 * One question's results (docs/spec/multiplayer-membership-study.md §2 "Results view"): the correct answer and its explanation, then each
 * player's mark, points for this question and total, and the time to the next question.
 */
export function RevealView(props: {
  reveal: RevealMessage;
  question: QuestionState | null;
  room: Room;
  me: Me;
  now: () => number;
}) {
  const { reveal, me } = props;
  const heading = useViewHeading<HTMLHeadingElement>();
  const untilNext = Math.ceil(useRemaining(reveal.nextAt, props.now) / 1000);
  const mine = reveal.results.find((result) => result.playerId === me.id);
  const question = props.question?.questionIndex === reveal.questionIndex ? props.question : null;
  const correctText = question?.options.find((option) => option.letter === reveal.correctAnswer)?.text;
  const last = reveal.questionIndex + 1 >= reveal.totalQuestions;
  const verdict = !mine ? '結果発表' : mine.isCorrect ? '正解！' : mine.answer ? '不正解...' : '時間切れ...';

  return (
    <section className="mp-stage mp-stage--reveal" aria-labelledby="mp-reveal-title">
      <div className="mp-stage__inner">
        <div className="mp-question__bar">
          <span className="mp-chip">
            問題 {reveal.questionIndex + 1} / {reveal.totalQuestions} の結果
          </span>
        </div>
        <div
          className={`mp-verdict${mine?.isCorrect ? ' is-correct' : mine ? ' is-wrong' : ''}`}
          aria-live="polite"
        >
          <h1 id="mp-reveal-title" ref={heading} tabIndex={-1} className="mp-verdict__title">
            {verdict}
          </h1>
          {mine && (
            <p className="mp-verdict__points">
              +{scoreText(mine.score)}
              <span className="mp-verdict__total">（スコア合計 {scoreText(mine.totalScore)}）</span>
            </p>
          )}
        </div>
        {question && <p className="mp-reveal__question">{question.text}</p>}
        <div className={`mp-correct mp-answer--${reveal.correctAnswer}`}>
          <AnswerShape letter={reveal.correctAnswer} />
          <span>
            <span className="mp-correct__label">正解</span>
            <span className="mp-correct__text">
              {reveal.correctAnswer}
              {correctText ? `: ${correctText}` : ''}
            </span>
          </span>
        </div>
        {reveal.explanation && (
          <div className="mp-explanation">
            <h2 className="mp-explanation__title">解説</h2>
            <p>{reveal.explanation}</p>
          </div>
        )}
        <section className="mp-standings" aria-labelledby="mp-standings-title">
          <h2 id="mp-standings-title" className="mp-standings__title">
            現在の順位
          </h2>
          <ol className="mp-standings__list">
            {ranked(reveal.results).map((result) => (
              <li key={result.playerId} className={`mp-standing${result.playerId === me.id ? ' is-me' : ''}`}>
                <span className="mp-standing__rank">{result.rank}</span>
                <PlayerAvatar id={result.playerId} nickname={result.nickname} size={32} />
                <span className="mp-standing__name">{result.nickname}</span>
                <span
                  className={`mp-mark${result.isCorrect ? ' is-correct' : ''}`}
                  role="img"
                  aria-label={result.isCorrect ? '正解' : result.answer ? '不正解' : '未回答'}
                >
                  {result.isCorrect ? <Check size={16} aria-hidden /> : <X size={16} aria-hidden />}
                </span>
                <span className="mp-standing__points">+{formatNumber(result.score)}</span>
                <span className="mp-standing__total">{scoreText(result.totalScore)}</span>
              </li>
            ))}
          </ol>
        </section>
        <p className="mp-next" aria-hidden={untilNext > 0 ? undefined : true}>
          {untilNext > 0 ? `${last ? '最終結果' : '次の問題'}まで ${untilNext} 秒` : 'まもなく...'}
        </p>
      </div>
    </section>
  );
}
