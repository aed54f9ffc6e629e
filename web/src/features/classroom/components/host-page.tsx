import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Lock, LockOpen, Play, SkipForward, Square, StopCircle, UserX, Users } from 'lucide-react';
import { ANSWER_LETTERS } from '@shared/constants';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES, type HostGame } from '@shared/classroom';
import type { CurrentUser } from '@shared/users';
import { LoginRequired } from '@web/components/login-required';
import { QuestionImage } from '@web/components/question-image';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { StatusCard } from '@web/components/ui/status-card';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { usePageTitle } from '@web/lib/page-title';
import { useClassGame } from '../api/get-class-game';
import { useClassResults } from '../api/get-class-results';
import { HostGameController } from '../host-controller';
import type { HostState } from '../host-state';
import {
  ConnectionNote,
  Countdown,
  OptionMark,
  PlayerResultsTable,
  Podium,
  SHAPE_NAMES,
  points,
  sharedRanks,
  useViewHeading,
} from './class-parts';
import { JoinQrCode } from './join-qr-code';
import '../classroom.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/**
 * `/classroom/:gameId` (issue 31): the host's projector screen. Read once over HTTP, then kept by
 * the socket (`class_host` on every open). Lobby (PIN, QR code, players), each question with its
 * countdown and answered count, each reveal (chart and table, explanation, top 5), the end
 * (podium and table). 「終了」 ends the game at any time, after a confirmation.
 */
export function HostPage() {
  usePageTitle('クラスゲーム');
  const { gameId = '' } = useParams();
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>クラスゲームを進行するにはログインしてください。</LoginRequired>;
  return <Host key={`${current.data.id}-${gameId}`} user={current.data} gameId={gameId} />;
}

function Host({ user, gameId }: { user: CurrentUser; gameId: string }) {
  const read = useClassGame(user.id, gameId);
  const [game] = useState(() => new HostGameController(gameId));
  useEffect(() => {
    game.start();
    return () => game.stop();
  }, [game]);
  useEffect(() => {
    if (read.data) game.loaded(read.data);
  }, [game, read.data]);
  const { state, connection } = useSyncExternalStore(game.subscribe, game.getSnapshot);
  const now = useCallback(() => game.serverNow(), [game]);
  const [confirmEnd, setConfirmEnd] = useState(false);

  if (!state.game) {
    if (read.isError)
      return (
        <StatusCard
          tone="error"
          title={CLASSROOM_MESSAGES.gameMissing}
          actions={
            <Link to={paths.classroom} className="button button--primary">
              クラスゲーム一覧へ
            </Link>
          }
        >
          <p>
            {read.error instanceof ApiError && read.error.status === 404
              ? 'ゲームが終了したか、このアカウントのゲームではありません。'
              : errorMessage(read.error, '読み込みに失敗しました')}
          </p>
        </StatusCard>
      );
    return <Spinner />;
  }
  const hostGame = state.game;
  let view;
  switch (hostGame.state) {
    case 'lobby':
      view = <HostLobby game={hostGame} state={state} controller={game} />;
      break;
    case 'question':
      view = hostGame.question ? (
        <HostQuestion
          key={`q-${hostGame.questionIndex}`}
          game={hostGame}
          state={state}
          controller={game}
          now={now}
        />
      ) : (
        <Spinner />
      );
      break;
    case 'reveal':
      view = hostGame.reveal ? (
        <HostReveal key={`r-${hostGame.questionIndex}`} game={hostGame} state={state} controller={game} />
      ) : (
        <Spinner />
      );
      break;
    case 'finished':
      view = <HostFinished key="finished" userId={user.id} game={hostGame} state={state} />;
      break;
  }
  return (
    <div className="cls cls-host">
      <header className="cls-host__header">
        <p className="cls-host__quiz">{hostGame.quizTitle}</p>
        <span className="cls-host__pin-small" aria-label={`PIN ${hostGame.pin}`}>
          PIN <strong>{hostGame.pin}</strong>
        </span>
        {hostGame.state !== 'finished' && (
          <button type="button" className="button button--danger-outline" onClick={() => setConfirmEnd(true)}>
            <StopCircle size={18} aria-hidden />
            終了
          </button>
        )}
      </header>
      <ConnectionNote connection={connection} onReconnect={() => game.reconnect()} />
      {state.error && (
        <div className="cls-host__error" role="alert">
          {state.error}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => game.dismissError()}
          >
            閉じる
          </button>
        </div>
      )}
      {view}
      <ConfirmDialog
        open={confirmEnd}
        title="ゲームを終了しますか？"
        description="参加者全員のゲームが終わり、その時点の結果が保存されます。元には戻せません。"
        confirmLabel="終了する"
        pendingLabel="終了しています..."
        pending={state.pending === 'end'}
        onConfirm={() => {
          game.end();
          setConfirmEnd(false);
        }}
        onClose={() => setConfirmEnd(false)}
      />
    </div>
  );
}

interface ViewProps {
  game: HostGame;
  state: HostState;
  controller: HostGameController;
}

function HostLobby({ game, state, controller }: ViewProps) {
  const heading = useViewHeading<HTMLHeadingElement>();
  const count = game.players.length;
  return (
    <section className="cls-lobby" aria-labelledby="cls-lobby-title">
      <div className="cls-lobby__join">
        <h1 id="cls-lobby-title" ref={heading} tabIndex={-1} className="cls-lobby__title">
          参加用PIN
        </h1>
        <p className="cls-lobby__pin" aria-label={`PIN ${game.pin.split('').join(' ')}`}>
          {game.pin}
        </p>
        <JoinQrCode url={game.joinUrl} />
        <p className="cls-lobby__url">
          <span>参加URL</span> <strong>{game.joinUrl}</strong>
        </p>
      </div>
      <div className="cls-lobby__players">
        <div className="cls-lobby__bar">
          <h2 className="cls-lobby__count">
            <Users size={24} aria-hidden /> 参加者 {count}人
            <span className="cls-lobby__max"> / 最大{game.settings.maxPlayers}人</span>
          </h2>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={game.locked}
            onClick={() => controller.lock(!game.locked)}
          >
            {game.locked ? <Lock size={18} aria-hidden /> : <LockOpen size={18} aria-hidden />}
            {game.locked ? '参加を締め切り中' : '参加を締め切る'}
          </button>
        </div>
        {count === 0 ? (
          <p className="cls-lobby__empty">参加者を待っています...</p>
        ) : (
          <ul className="cls-lobby__list" aria-label="参加者">
            {game.players.map((player) => (
              <li key={player.playerId} className={`cls-chip${player.connected ? '' : ' is-away'}`}>
                <span>{player.nickname}</span>
                {!player.connected && <span className="visually-hidden">（接続が切れています）</span>}
                <button
                  type="button"
                  className="icon-button cls-chip__remove"
                  aria-label={`${player.nickname}さんを外す`}
                  onClick={() => controller.kick(player.playerId)}
                >
                  <UserX size={18} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--primary button--large cls-host__main"
          disabled={count === 0 || state.pending !== null}
          onClick={() => controller.startGame()}
        >
          <Play size={22} aria-hidden />
          {state.pending === 'start' ? '開始しています...' : '開始'}
        </button>
        {count === 0 && <p className="cls-lobby__hint">{CLASSROOM_MESSAGES.tooFewPlayers}</p>}
      </div>
    </section>
  );
}

/** The screen's one next step (締め切る, 次へ), large and at the end of the view. */
function HostAction({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <div className="cls-host__actions">
      <button
        type="button"
        className="button button--primary button--large cls-host__main"
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
    </div>
  );
}

function HostQuestion({ game, state, controller, now }: ViewProps & { now: () => number }) {
  const question = game.question!;
  const heading = useViewHeading<HTMLHeadingElement>();
  const letters = ANSWER_LETTERS.filter((letter) => question.options[letter] !== undefined);
  return (
    <section className="cls-question" aria-labelledby="cls-question-text">
      <div className="cls-question__bar">
        <span className="cls-pill">
          問題 {question.questionIndex + 1} / {question.totalQuestions}
        </span>
        <Countdown deadline={question.deadline} now={now} large />
        <span className="cls-pill cls-pill--count">
          回答数 {question.answered} / {question.total}
        </span>
      </div>
      <h1 id="cls-question-text" ref={heading} tabIndex={-1} className="cls-question__text">
        {question.text}
      </h1>
      <QuestionImage key={question.questionIndex} image={question.image} />
      <ul className="cls-options" aria-label="選択肢">
        {letters.map((letter) => (
          <li key={letter} className={`cls-option cls-option--${letter}`}>
            <OptionMark letter={letter} size={36} />
            <span className="visually-hidden">{`${letter}（${SHAPE_NAMES[letter]}）:`}</span>
            <span className="cls-option__text">{question.options[letter]}</span>
          </li>
        ))}
      </ul>
      <HostAction disabled={state.pending !== null} onClick={() => controller.revealNow()}>
        <Square size={20} aria-hidden />
        締め切る
      </HostAction>
    </section>
  );
}

function HostReveal({ game, state, controller }: ViewProps) {
  const reveal = game.reveal!;
  const heading = useViewHeading<HTMLHeadingElement>();
  const counts = reveal.optionCounts;
  // The options this question had: those of the question on screen, else A, B and any letter chosen.
  const shown = game.question?.questionIndex === reveal.questionIndex ? game.question.options : null;
  const offered = ANSWER_LETTERS.filter((letter) =>
    shown
      ? shown[letter] !== undefined
      : letter === 'A' || letter === 'B' || counts[letter] > 0 || letter === reveal.correctAnswer,
  );
  const total = offered.reduce((sum, letter) => sum + counts[letter], 0);
  const highest = Math.max(1, ...offered.map((letter) => counts[letter]));
  const last = reveal.questionIndex + 1 >= reveal.totalQuestions;
  const topRanks = sharedRanks(reveal.top);
  return (
    <section className="cls-reveal" aria-labelledby="cls-reveal-title">
      <div className="cls-question__bar">
        <span className="cls-pill">
          問題 {reveal.questionIndex + 1} / {reveal.totalQuestions}
        </span>
        <h1 id="cls-reveal-title" ref={heading} tabIndex={-1} className="cls-reveal__title">
          正解は <OptionMark letter={reveal.correctAnswer} size={32} />
          <span className="visually-hidden">{reveal.correctAnswer}</span>
          {shown && <span className="cls-reveal__answer">{shown[reveal.correctAnswer]}</span>}
        </h1>
      </div>
      <div className="cls-reveal__body">
        <div>
          <div className="cls-chart" aria-hidden>
            {offered.map((letter) => (
              <div
                key={letter}
                className={`cls-chart__col${letter === reveal.correctAnswer ? ' is-correct' : ''}`}
              >
                <span className="cls-chart__value">{counts[letter]}</span>
                <span
                  className={`cls-chart__bar cls-chart__bar--${letter}`}
                  style={{ height: `${(counts[letter] / highest) * 100}%` }}
                />
                <span className="cls-chart__label">
                  <OptionMark letter={letter} size={24} />
                  {letter === reveal.correctAnswer && <span className="cls-chart__ok">正解</span>}
                </span>
              </div>
            ))}
          </div>
          <table className="cls-table cls-table--compact">
            <caption>選択肢ごとの回答数（回答 {total}人）</caption>
            <thead>
              <tr>
                <th scope="col">選択肢</th>
                <th scope="col">人数</th>
                <th scope="col">正誤</th>
              </tr>
            </thead>
            <tbody>
              {offered.map((letter) => (
                <tr key={letter}>
                  <th scope="row">
                    {letter}（{SHAPE_NAMES[letter]}）
                  </th>
                  <td>{counts[letter]}人</td>
                  <td>{letter === reveal.correctAnswer ? '正解' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="cls-reveal__side">
          {reveal.explanation && (
            <div className="cls-explanation">
              <h2>解説</h2>
              <p>{reveal.explanation}</p>
            </div>
          )}
          <h2 className="cls-reveal__top-title">上位{reveal.top.length}人</h2>
          <ol className="cls-top">
            {reveal.top.map((entry, index) => (
              <li key={`${entry.nickname}-${index}`} value={topRanks[index]}>
                <span className="cls-top__rank">{topRanks[index]}</span>
                <span className="cls-top__name">{entry.nickname}</span>
                <span className="cls-top__score">{points(entry.totalScore)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <HostAction disabled={state.pending !== null} onClick={() => controller.next()}>
        <SkipForward size={20} aria-hidden />
        {last ? '次へ（最終結果）' : '次へ'}
      </HostAction>
    </section>
  );
}

function HostFinished({ userId, game, state }: { userId: string; game: HostGame; state: HostState }) {
  const heading = useViewHeading<HTMLHeadingElement>();
  // The live end brings the podium and the table; a screen opened (or reloaded) after the end
  // reads them from the game's results.
  const live = state.finished && state.finished.players.length > 0 ? state.finished : null;
  const saved = useClassResults(userId, game.gameId, { enabled: live === null });
  const ranked = saved.data ? [...saved.data.players].sort((a, b) => a.rank - b.rank) : [];
  const podium =
    live?.podium ??
    ranked
      .slice(0, CLASSROOM_LIMITS.podiumCount)
      .map((player) => ({ nickname: player.nickname, totalScore: player.score }));
  const players = live?.players ?? ranked;
  return (
    <section className="cls-finished" aria-labelledby="cls-finished-title">
      <h1 id="cls-finished-title" ref={heading} tabIndex={-1} className="cls-finished__title">
        最終結果
      </h1>
      {podium.length > 0 && <Podium podium={podium} />}
      {players.length > 0 && (
        <PlayerResultsTable
          caption={`全員の結果（${players.length}人）`}
          players={players}
          totalQuestions={game.totalQuestions}
        />
      )}
      <Link to={paths.classroomResults(game.gameId)} className="button button--primary button--large">
        結果の詳細を見る
      </Link>
    </section>
  );
}
