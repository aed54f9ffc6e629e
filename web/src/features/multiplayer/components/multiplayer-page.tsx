import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Loader2 } from 'lucide-react';
import type { CurrentUser } from '@shared/users';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { LINKED_QUIZ_PARAM } from '@web/lib/play-together';
import { useMultiplayer } from '../use-multiplayer';
import { ConnectionBanner } from './connection-status';
import { FinishedView } from './finished-view';
import { useViewHeading } from './game-parts';
import { Lobby } from './lobby';
import { QuestionView } from './question-view';
import { RevealView } from './reveal-view';
import { RoomView } from './room-view';
import { StartingView } from './starting-view';
import '../multiplayer.css';
import { usePageTitle } from '@web/lib/page-title';
import { LoginRequired } from '@web/components/login-required';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/**
 * '/multiplayer' (docs/spec/multiplayer-membership-study.md §2): members only; lobby, room, and the game's countdown, questions, results.
 * `?room=` is the spec's join link; `?quiz=` opens the lobby with that quiz chosen to create a room
 * on (「みんなで遊ぶ」). It stays in the address: a member who leaves a room comes back to it.
 */
export function MultiplayerPage() {
  usePageTitle('マルチプレイ');
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>マルチプレイに参加するにはログインしてください。</LoginRequired>;
  return <Multiplayer key={current.data.id} user={current.data} />;
}

function Multiplayer({ user }: { user: CurrentUser }) {
  const { state, connection, game } = useMultiplayer(user);
  const [params, setParams] = useSearchParams();
  const linkedRoom = params.get('room');
  // The join link is used once: a reload then rejoins through the server, not through the link.
  const onLinkUsed = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('room');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const now = useCallback(() => game.serverNow(), [game]);
  const { room } = state;

  let view;
  if (!room || state.view === 'lobby') {
    view = (
      <Lobby
        state={state}
        connection={connection}
        game={game}
        linkedRoom={linkedRoom}
        onLinkUsed={onLinkUsed}
        linkedQuiz={params.get(LINKED_QUIZ_PARAM)}
      />
    );
  } else if (state.view === 'starting' && state.starting) {
    view = <StartingView key="starting" room={room} starting={state.starting} now={now} />;
  } else if (state.view === 'question' && state.question) {
    view = (
      <QuestionView
        key={`question-${state.question.questionIndex}`}
        question={state.question}
        room={room}
        game={game}
        now={now}
      />
    );
  } else if (state.view === 'reveal' && state.reveal) {
    view = (
      <RevealView
        key={`reveal-${state.reveal.questionIndex}`}
        reveal={state.reveal}
        question={state.question}
        room={room}
        me={state.me}
        now={now}
      />
    );
  } else if (state.view === 'finished' && state.finished) {
    view = <FinishedView key="finished" finished={state.finished} room={room} me={state.me} game={game} />;
  } else if (state.view === 'resuming') {
    view = <ResumingView key="resuming" />;
  } else {
    view = <RoomView key={`room-${room.id}`} state={state} game={game} room={room} />;
  }

  return (
    <div className="mp">
      {room && <ConnectionBanner connection={connection} game={game} />}
      {view}
    </div>
  );
}

/** Back in a game between two of its steps (a rejoin during the results): the next message moves on. */
function ResumingView() {
  const heading = useViewHeading<HTMLHeadingElement>();
  return (
    <section className="mp-stage" aria-labelledby="mp-resuming-title">
      <div className="mp-stage__inner mp-starting">
        <h1 id="mp-resuming-title" ref={heading} tabIndex={-1} className="mp-stage__title">
          ゲームに復帰しました
        </h1>
        <p className="mp-starting__quiz" role="status">
          <Loader2 size={20} aria-hidden className="spin" /> 次の問題を待っています...
        </p>
      </div>
    </section>
  );
}
