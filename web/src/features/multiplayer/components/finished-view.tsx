import { Fragment } from 'react';
import { ArrowLeft, Crown, Handshake, LogOut, Trophy } from 'lucide-react';
import type { Room } from '@shared/multiplayer';
import type { MultiplayerGame } from '../game-controller';
import type { FinishedMessage, Me } from '../game-state';
import { PlayerAvatar, scoreText, useViewHeading } from './game-parts';

/**
 * The end of a game (docs/spec/multiplayer-membership-study.md §2 "Finished view"): the winner (or 引き分け naming everyone who shares first
 * place), a podium for the first three and the whole ranking. The server returns the room to waiting a few seconds later (room_reset).
 */
export function FinishedView(props: {
  finished: FinishedMessage;
  room: Room;
  me: Me;
  game: MultiplayerGame;
}) {
  const { finished, me, game } = props;
  const heading = useViewHeading<HTMLHeadingElement>();
  const ranking = [...finished.results].sort((a, b) => a.rank - b.rank);
  // No winner is a tie at the top (the server's word): everyone ranked first shares it.
  const tied = finished.winner ? [] : ranking.filter((entry) => entry.rank === 1);
  const podium = ranking.slice(0, 3);
  const mine = ranking.find((entry) => entry.playerId === me.id);
  const backInRoom = props.room.gameState === 'waiting';

  return (
    <section className="mp-stage mp-stage--finished" aria-labelledby="mp-finished-title">
      <div className="mp-stage__inner">
        <h1 id="mp-finished-title" ref={heading} tabIndex={-1} className="mp-stage__title">
          ゲーム終了！
        </h1>
        {finished.winner ? (
          <p className="mp-winner" aria-live="polite">
            <Trophy size={26} aria-hidden /> 優勝は <strong>{finished.winner.nickname}</strong> さん！（
            {scoreText(finished.winner.score)}）
          </p>
        ) : (
          tied.length > 1 && (
            <p className="mp-winner mp-winner--tie" aria-live="polite">
              <Handshake size={26} aria-hidden />
              <span>
                引き分け！{' '}
                {tied.map((entry, index) => (
                  <Fragment key={entry.playerId}>
                    {index > 0 && '・'}
                    <strong>{entry.nickname}</strong>さん
                  </Fragment>
                ))}
                が同点で1位です（{scoreText(tied[0]!.score)}）
              </span>
            </p>
          )
        )}
        {mine && (
          <p className="mp-finished__mine">
            あなたは {mine.rank}位{tied.some((entry) => entry.playerId === mine.playerId) ? '（同点）' : ''}・
            {mine.correctCount}/{finished.totalQuestions}問正解・スコア {scoreText(mine.score)}
          </p>
        )}
        <ol className="mp-podium" aria-label="表彰台">
          {podium.map((entry, place) => (
            // The slot is the position (a tie shares the rank, not the middle step).
            <li key={entry.playerId} className={`mp-podium__place mp-podium__place--${place + 1}`}>
              {entry.rank === 1 && <Crown size={30} aria-hidden className="mp-podium__crown" />}
              <PlayerAvatar id={entry.playerId} nickname={entry.nickname} size={place === 0 ? 64 : 52} />
              <span className="mp-podium__name">{entry.nickname}</span>
              <span className="mp-podium__score">{scoreText(entry.score)}</span>
              <span className="mp-podium__block">
                <span className="visually-hidden">順位 </span>
                {entry.rank}
              </span>
            </li>
          ))}
        </ol>
        <section className="mp-ranking" aria-labelledby="mp-ranking-title">
          <h2 id="mp-ranking-title" className="mp-standings__title">
            最終ランキング
          </h2>
          <table className="mp-ranking__table">
            <thead>
              <tr>
                <th scope="col">順位</th>
                <th scope="col">プレイヤー</th>
                <th scope="col">正解数</th>
                <th scope="col">スコア</th>
              </tr>
            </thead>
            <tbody>
              {ranking.map((entry) => (
                <tr key={entry.playerId} className={entry.playerId === me.id ? 'is-me' : undefined}>
                  <td className="mp-ranking__rank">{entry.rank}</td>
                  <th scope="row" className="mp-ranking__name">
                    {entry.nickname}
                  </th>
                  <td>
                    {entry.correctCount}/{finished.totalQuestions}
                  </td>
                  <td className="mp-ranking__score">{scoreText(entry.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <div className="mp-finished__actions">
          {backInRoom ? (
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => game.backToRoom()}
            >
              <ArrowLeft size={18} aria-hidden /> ルームに戻る
            </button>
          ) : (
            <p className="mp-next">まもなくルームに戻ります...</p>
          )}
          <button type="button" className="button button--ghost button--large" onClick={() => game.leave()}>
            <LogOut size={18} aria-hidden /> ロビーに戻る
          </button>
        </div>
      </div>
    </section>
  );
}
