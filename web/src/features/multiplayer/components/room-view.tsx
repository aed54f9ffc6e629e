import * as Tabs from '@radix-ui/react-tabs';
import { Check, Crown, Link2, Lock, LogOut, Trophy } from 'lucide-react';
import { ROOM_LIMITS, type Room } from '@shared/multiplayer';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import type { MultiplayerGame } from '../game-controller';
import type { GameState } from '../game-state';
import { ChatPanel } from './chat-panel';
import { useViewHeading } from './game-parts';
import { PlayersPanel } from './players-panel';
import { SettingsPanel } from './settings-panel';

/** The room's join link (docs/spec/multiplayer-membership-study.md §2): `/multiplayer?room=CODE` on this site. */
export const joinLink = (roomId: string) =>
  `${window.location.origin}${paths.multiplayer}?room=${encodeURIComponent(roomId)}`;

async function copyJoinLink(roomId: string) {
  const link = joinLink(roomId);
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: '招待リンクをコピーしました', description: link, variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toast({ title: '招待リンク', description: link, duration: 15_000 });
  }
}

/** The waiting room (docs/spec/multiplayer-membership-study.md §2 "Room view"): players and settings tabs, ready, share, leave, chat. */
export function RoomView({ state, game, room }: { state: GameState; game: MultiplayerGame; room: Room }) {
  const heading = useViewHeading<HTMLHeadingElement>();
  const me = room.players.find((player) => player.id === state.me.id);
  const isHost = room.hostId === state.me.id;
  const readyCount = room.players.filter((player) => player.isReady).length;
  const waiting = room.gameState === 'waiting';
  return (
    <section className="container page mp-room" aria-labelledby="mp-room-title">
      <div className="mp-room__header">
        <div className="mp-room__id">
          <p className="mp-room__label">ルームコード</p>
          <h1 id="mp-room-title" ref={heading} tabIndex={-1} className="mp-room__code">
            <span className="visually-hidden">ルーム </span>
            {room.id}
            {room.isLocked && <Lock size={22} role="img" aria-label="パスワード付き" />}
          </h1>
          <p className="mp-room__quiz">{room.settings.quizTitle}</p>
        </div>
        <div className="mp-room__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void copyJoinLink(room.id)}
          >
            <Link2 size={18} aria-hidden /> 招待リンクをコピー
          </button>
          <button type="button" className="button button--secondary mp-leave" onClick={() => game.leave()}>
            <LogOut size={18} aria-hidden /> 退出する
          </button>
        </div>
      </div>

      <div className="mp-room__grid">
        <div className="card mp-card mp-room__main">
          <Tabs.Root defaultValue="players">
            <Tabs.List className="tabs__list" aria-label="ルームの情報">
              <Tabs.Trigger value="players" className="tabs__trigger">
                プレイヤー ({room.players.length}/{room.settings.maxPlayers})
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className="tabs__trigger">
                ルーム設定
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="players" className="tabs__panel">
              <PlayersPanel room={room} meId={state.me.id} />
            </Tabs.Content>
            <Tabs.Content value="settings" className="tabs__panel">
              <SettingsPanel room={room} isHost={isHost} game={game} />
            </Tabs.Content>
          </Tabs.Root>

          <div className="mp-ready">
            <p className="mp-ready__count" aria-live="polite">
              準備完了 {readyCount}/{room.players.length}
            </p>
            <p className="mp-ready__hint">
              全員が準備完了になると自動でスタートします（{ROOM_LIMITS.playersMin}人以上）
            </p>
            <button
              type="button"
              className={`button button--large mp-ready__button${me?.isReady ? ' is-ready' : ''}`}
              aria-pressed={me?.isReady ?? false}
              aria-busy={state.readyFrom !== null}
              disabled={!waiting}
              onClick={() => game.toggleReady()}
            >
              {me?.isReady ? (
                <>
                  <Check size={20} aria-hidden /> 準備完了！（取り消す）
                </>
              ) : (
                '準備完了にする'
              )}
            </button>
            {state.lastResults && waiting && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => game.showLastResults()}
              >
                <Trophy size={18} aria-hidden /> 前回の結果を見る
              </button>
            )}
          </div>
          {isHost && (
            <p className="mp-room__host-note">
              <Crown size={16} aria-hidden /> あなたはホストです。ルーム設定を変更できます。
            </p>
          )}
        </div>
        <ChatPanel chat={state.chat} meId={state.me.id} game={game} />
      </div>
    </section>
  );
}
