import { Gamepad2 } from 'lucide-react';
import type { ConnectionStatus } from '../connection';
import type { MultiplayerGame } from '../game-controller';
import type { GameState } from '../game-state';
import { ActiveRooms } from './active-rooms';
import { ConnectionPill } from './connection-status';
import { CreateRoomCard } from './create-room-card';
import { JoinRoomCard } from './join-room-card';
import { PasswordDialog } from './password-dialog';

/** The lobby (docs/spec/multiplayer-membership-study.md §2): create a room, join one by code, or pick one of the active rooms. */
export function Lobby(props: {
  state: GameState;
  connection: ConnectionStatus;
  game: MultiplayerGame;
  linkedRoom: string | null;
  onLinkUsed: () => void;
  /** The quiz a 「みんなで遊ぶ」 link asks to play (`?quiz=`). */
  linkedQuiz: string | null;
}) {
  const { state, connection, game } = props;
  return (
    <section className="mp-lobby" aria-labelledby="mp-title">
      <div className="mp-hero">
        <div className="container mp-hero__inner">
          <div>
            <h1 id="mp-title" className="mp-hero__title">
              <Gamepad2 size={34} aria-hidden /> マルチプレイ
            </h1>
            <p className="mp-hero__lead">
              最大8人でリアルタイムにクイズ対戦。早く正解するほどスコアが伸びます！
            </p>
          </div>
          <ConnectionPill connection={connection} game={game} />
        </div>
      </div>
      <div className={`container mp-lobby__grid${props.linkedQuiz ? ' mp-lobby__grid--create-first' : ''}`}>
        <CreateRoomCard
          game={game}
          connection={connection}
          pending={state.pending === 'create'}
          linkedQuizId={props.linkedQuiz}
        />
        <div className="mp-lobby__side">
          <JoinRoomCard
            game={game}
            connection={connection}
            pending={state.pending === 'join'}
            linkedRoom={props.linkedRoom}
            onLinkUsed={props.onLinkUsed}
          />
          <ActiveRooms
            connection={connection}
            joining={state.pending === 'join'}
            onJoin={(room) => (room.isLocked ? game.openPassword(room.id) : game.joinRoom(room.id))}
          />
        </div>
      </div>
      <PasswordDialog prompt={state.password} game={game} />
    </section>
  );
}
