import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Check, Loader2, X } from 'lucide-react';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';
import { displayName } from '@shared/users';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { QuestionImage } from '@web/components/question-image';
import { usePageTitle } from '@web/lib/page-title';
import { useAnswerKeys } from '@web/lib/use-answer-keys';
import { joinErrorField } from '../errors';
import { PlayerGameController, readStoredSeat } from '../player-controller';
import type { PlayerState } from '../player-state';
import {
  ConnectionNote,
  Countdown,
  OptionMark,
  Podium,
  SHAPE_NAMES,
  points,
  useViewHeading,
} from './class-parts';
import '../classroom.css';

/**
 * `/join` (issue 31): anyone, no account needed. The PIN (from `?pin=`, the host's QR code) and a
 * nickname (a member's own, filled in), then the player's device: the answer buttons, ○/× with the
 * points and rank after each question, the rank and podium at the end. The seat is kept in this
 * tab's sessionStorage: a reload or a dropped socket comes back to the same question.
 */
export function JoinPage() {
  usePageTitle('クラスゲームに参加');
  const [game] = useState(() => new PlayerGameController());
  useEffect(() => {
    game.start();
    return () => game.stop();
  }, [game]);
  const { state, connection } = useSyncExternalStore(game.subscribe, game.getSnapshot);
  const now = useCallback(() => game.serverNow(), [game]);

  let view;
  switch (state.view) {
    case 'form':
      view = <JoinForm game={game} state={state} />;
      break;
    case 'waiting':
      view = <Waiting key="waiting" state={state} />;
      break;
    case 'question':
      view = (
        <PlayerQuestionView key={`q-${state.question?.questionIndex}`} state={state} game={game} now={now} />
      );
      break;
    case 'result':
      view = <PlayerResult key={`r-${state.result?.questionIndex}`} state={state} />;
      break;
    case 'finished':
      view = <PlayerFinished key="finished" state={state} game={game} />;
      break;
    case 'left':
      view = <PlayerLeft key="left" state={state} game={game} />;
      break;
  }
  const inGame = state.seat !== null && state.view !== 'finished';
  return (
    <div className="cls cls-player">
      <ConnectionNote
        connection={state.view === 'form' ? 'idle' : connection}
        onReconnect={() => game.reconnect()}
      />
      {view}
      {inGame && (
        <div className="cls-player__footer">
          <span className="cls-player__me">
            {state.seat?.nickname}・{points(state.totalScore)}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => game.leave()}
          >
            退出する
          </button>
        </div>
      )}
    </div>
  );
}

function JoinForm({ game, state }: { game: PlayerGameController; state: PlayerState }) {
  const [params] = useSearchParams();
  const user = useCurrentUser().data;
  const tried = game.lastTried() ?? readStoredSeat();
  const [pin, setPin] = useState(() => tried?.pin ?? params.get('pin')?.replace(/\D/g, '').slice(0, 6) ?? '');
  const [nickname, setNickname] = useState(() => tried?.nickname ?? '');
  const [touched, setTouched] = useState(false);
  // A member's nickname is filled in when the answer to who is signed in arrives.
  useEffect(() => {
    if (user && !touched && !nickname) setNickname(displayName(user));
  }, [user, touched, nickname]);
  const heading = useViewHeading<HTMLHeadingElement>();
  const pinId = useId();
  const nicknameId = useId();
  const errorId = useId();
  const invalid = joinErrorField(state.error);
  return (
    <section className="cls-card" aria-labelledby={`${pinId}-title`}>
      <h1 id={`${pinId}-title`} ref={heading} tabIndex={-1} className="cls-card__title">
        クラスゲームに参加
      </h1>
      <p className="cls-card__lead">先生の画面に表示されたPINとニックネームを入力してください。</p>
      <form
        className="cls-join"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          game.submit(pin, nickname);
        }}
      >
        <label htmlFor={pinId} className="field__label">
          PIN（6桁の数字）
        </label>
        <input
          id={pinId}
          className="field__input cls-join__pin"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          maxLength={CLASSROOM_LIMITS.pinLength}
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          aria-describedby={state.error ? errorId : undefined}
          aria-invalid={invalid === 'pin' ? true : undefined}
        />
        <label htmlFor={nicknameId} className="field__label">
          ニックネーム
        </label>
        <input
          id={nicknameId}
          className="field__input cls-join__nickname"
          autoComplete="nickname"
          maxLength={CLASSROOM_LIMITS.nicknameMax * 2}
          value={nickname}
          onChange={(event) => {
            setTouched(true);
            setNickname(event.target.value);
          }}
          aria-describedby={state.error ? errorId : undefined}
          aria-invalid={invalid === 'nickname' ? true : undefined}
        />
        <p id={errorId} className="field__error cls-join__error" role="alert">
          {state.error ?? ''}
        </p>
        <button
          type="submit"
          className="button button--primary button--large button--block"
          disabled={state.joining}
        >
          {state.joining ? (
            <>
              <Loader2 size={18} aria-hidden className="spin" /> 参加しています...
            </>
          ) : (
            '参加する'
          )}
        </button>
      </form>
    </section>
  );
}

function Waiting({ state }: { state: PlayerState }) {
  const heading = useViewHeading<HTMLHeadingElement>();
  const resuming = !state.seat;
  return (
    <section className="cls-card cls-card--center" aria-labelledby="cls-waiting-title">
      <h1 id="cls-waiting-title" ref={heading} tabIndex={-1} className="cls-card__title">
        {resuming ? 'ゲームに戻っています...' : '参加しました！'}
      </h1>
      {state.seat && (
        <>
          <p className="cls-player__name">{state.seat.nickname}</p>
          <p className="cls-card__lead">{state.seat.quizTitle}</p>
        </>
      )}
      <p className="cls-card__lead" role="status">
        <Loader2 size={18} aria-hidden className="spin" />{' '}
        {resuming ? '接続しています' : '先生が開始するのを待っています'}
      </p>
    </section>
  );
}

function PlayerQuestionView({
  state,
  game,
  now,
}: {
  state: PlayerState;
  game: PlayerGameController;
  now: () => number;
}) {
  const question = state.question!;
  const heading = useViewHeading<HTMLHeadingElement>();
  const choose = useCallback((letter: AnswerLetter) => game.answer(letter), [game]);
  useAnswerKeys(question.options, choose);
  const locked = state.myAnswer !== null;
  return (
    <section className="cls-play" aria-labelledby="cls-play-title">
      <div className="cls-play__bar">
        <h1 id="cls-play-title" ref={heading} tabIndex={-1} className="cls-play__count">
          問題 {question.questionIndex + 1} / {question.totalQuestions}
        </h1>
        <Countdown deadline={question.deadline} now={now} />
      </div>
      {question.text && <p className="cls-play__text">{question.text}</p>}
      {/* The question's picture comes with its text (the host's 問題文を表示): a map or a kanji to read. */}
      <QuestionImage key={question.questionIndex} image={question.image} />
      <div
        className={`cls-buttons cls-buttons--${question.options.length}`}
        role="group"
        aria-label="回答を選んでください"
      >
        {question.options.map((letter) => {
          const chosen = state.myAnswer === letter;
          const choice = question.choices?.[letter];
          return (
            <button
              key={letter}
              type="button"
              className={`cls-button cls-button--${letter}${chosen ? ' is-chosen' : locked ? ' is-dimmed' : ''}`}
              disabled={locked}
              aria-pressed={chosen}
              aria-label={
                choice
                  ? `${letter}（${SHAPE_NAMES[letter]}）: ${choice}`
                  : `${letter}（${SHAPE_NAMES[letter]}）`
              }
              onClick={() => choose(letter)}
            >
              <OptionMark letter={letter} size={40} />
              {choice && <span className="cls-button__text">{choice}</span>}
            </button>
          );
        })}
      </div>
      <p className="cls-play__status" role="status">
        {state.myAnswer ? (state.accepted ? '回答しました' : '送信しています...') : (state.error ?? '')}
      </p>
    </section>
  );
}

function PlayerResult({ state }: { state: PlayerState }) {
  const result = state.result!;
  const heading = useViewHeading<HTMLHeadingElement>();
  return (
    <section
      className={`cls-card cls-card--center cls-result ${result.isCorrect ? 'is-correct' : 'is-wrong'}`}
      aria-labelledby="cls-result-title"
    >
      <span className="cls-result__mark" aria-hidden>
        {result.isCorrect ? <Check size={72} /> : <X size={72} />}
      </span>
      <h1 id="cls-result-title" ref={heading} tabIndex={-1} className="cls-card__title">
        {result.isCorrect ? '○ 正解' : '× 不正解'}
      </h1>
      <dl className="cls-facts">
        <div>
          <dt>獲得</dt>
          <dd>+{points(result.points)}</dd>
        </div>
        <div>
          <dt>合計</dt>
          <dd>{points(result.totalScore)}</dd>
        </div>
        <div>
          <dt>順位</dt>
          <dd>{result.rank}位</dd>
        </div>
      </dl>
      <p className="cls-card__lead">
        正解: <OptionMark letter={result.correctAnswer} size={20} />
        <span className="visually-hidden">{result.correctAnswer}</span>
      </p>
      <p className="cls-card__lead" role="status">
        次の問題を待っています
      </p>
    </section>
  );
}

function PlayerFinished({ state, game }: { state: PlayerState; game: PlayerGameController }) {
  const finished = state.finished!;
  const heading = useViewHeading<HTMLHeadingElement>();
  return (
    <section className="cls-card cls-card--center" aria-labelledby="cls-finished-title">
      <h1 id="cls-finished-title" ref={heading} tabIndex={-1} className="cls-card__title">
        ゲーム終了
      </h1>
      <dl className="cls-facts">
        {finished.rank !== null && (
          <div>
            <dt>あなたの順位</dt>
            <dd>{finished.rank}位</dd>
          </div>
        )}
        <div>
          <dt>スコア</dt>
          <dd>{points(finished.totalScore)}</dd>
        </div>
      </dl>
      {finished.podium.length > 0 && <Podium podium={finished.podium} />}
      <button type="button" className="button button--secondary" onClick={() => game.toForm()}>
        別のゲームに参加
      </button>
    </section>
  );
}

const LEFT_TEXTS = {
  left: 'ゲームから退出しました',
  kicked: CLASSROOM_MESSAGES.kicked,
  ended: CLASSROOM_MESSAGES.ended,
} as const;

function PlayerLeft({ state, game }: { state: PlayerState; game: PlayerGameController }) {
  const heading = useViewHeading<HTMLHeadingElement>();
  return (
    <section className="cls-card cls-card--center" aria-labelledby="cls-left-title">
      <h1 id="cls-left-title" ref={heading} tabIndex={-1} className="cls-card__title">
        {LEFT_TEXTS[state.leftReason ?? 'left']}
      </h1>
      <button type="button" className="button button--primary" onClick={() => game.toForm()}>
        別のゲームに参加
      </button>
    </section>
  );
}
