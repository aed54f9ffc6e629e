import { useCallback, useMemo } from 'react';
import { Clock, Users } from 'lucide-react';
import type { AnswerLetter } from '@shared/constants';
import type { Room } from '@shared/multiplayer';
import { QuestionImage } from '@web/components/question-image';
import { useAnswerKeys } from '@web/lib/use-answer-keys';
import type { MultiplayerGame } from '../game-controller';
import type { QuestionState } from '../game-state';
import { useRemaining } from '@web/lib/use-remaining';
import { AnswerShape, useViewHeading } from './game-parts';

/** Seconds left at which the clock turns red and a screen reader hears the time. */
const LOW_SECONDS = 5;

/**
 * A question in play (docs/spec/multiplayer-membership-study.md §2 "Question view"): the clock counted to the server's deadline, four big
 * coloured answers with shapes (1–4 or A–D on a keyboard), and how many have answered. The
 * answers lock once one is chosen or at 0 seconds (docs/spec/multiplayer-membership-study.md §4).
 */
export function QuestionView(props: {
  question: QuestionState;
  room: Room;
  game: MultiplayerGame;
  now: () => number;
}) {
  const { question, room, game } = props;
  const heading = useViewHeading<HTMLHeadingElement>();
  const remaining = useRemaining(question.deadline, props.now);
  const seconds = Math.ceil(remaining / 1000);
  const timeUp = remaining <= 0;
  const locked = question.myAnswer !== null || timeUp;
  const letters = useMemo(() => question.options.map((option) => option.letter), [question.options]);
  const choose = useCallback((letter: AnswerLetter) => game.answer(letter), [game]);
  useAnswerKeys(letters, choose);
  const fraction = Math.min(1, remaining / (question.timeLimit * 1000));
  const players = question.playerCount || room.players.filter((player) => player.connected).length;
  const spoken = !timeUp && (seconds === 10 || seconds === LOW_SECONDS) ? `残り${seconds}秒` : '';

  return (
    <section className="mp-stage mp-stage--question" aria-labelledby="mp-question-text">
      <div className="mp-stage__inner">
        <div className="mp-question__bar">
          <span className="mp-chip">
            問題 {question.questionIndex + 1} / {question.totalQuestions}
          </span>
          <span
            className={`mp-timer${seconds <= LOW_SECONDS ? ' is-low' : ''}`}
            role="timer"
            aria-label={`残り ${seconds} 秒`}
          >
            <Clock size={18} aria-hidden />
            {seconds}
          </span>
          <span className="mp-chip" role="img" aria-label={`回答済み ${question.answeredCount}/${players}人`}>
            <Users size={16} aria-hidden /> {question.answeredCount}/{players}
          </span>
        </div>
        <div className={`mp-timebar${seconds <= LOW_SECONDS ? ' is-low' : ''}`} aria-hidden>
          <span style={{ transform: `scaleX(${fraction})` }} />
        </div>
        <h1 id="mp-question-text" ref={heading} tabIndex={-1} className="mp-question__text">
          {question.text}
        </h1>
        <QuestionImage key={question.questionIndex} image={question.image} />
        <div className="mp-answers" role="group" aria-label="選択肢（1〜4 または A〜D キーでも選べます）">
          {question.options.map((option) => {
            const chosen = question.myAnswer === option.letter;
            return (
              <button
                key={option.letter}
                type="button"
                className={`mp-answer mp-answer--${option.letter}${chosen ? ' is-chosen' : locked ? ' is-dimmed' : ''}`}
                disabled={locked}
                aria-pressed={chosen}
                aria-label={`${option.letter}: ${option.text}`}
                onClick={() => choose(option.letter)}
              >
                <AnswerShape letter={option.letter} />
                <span className="mp-answer__text">{option.text}</span>
              </button>
            );
          })}
        </div>
        <p className="mp-question__status" role="status">
          {question.myAnswer
            ? question.accepted
              ? '回答しました！ ほかのプレイヤーを待っています...'
              : '回答を送信しています...'
            : timeUp
              ? '時間切れ！'
              : ''}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {spoken}
        </p>
      </div>
    </section>
  );
}
