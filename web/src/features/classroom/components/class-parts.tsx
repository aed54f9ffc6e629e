import { useEffect, useRef } from 'react';
import { Clock, Loader2, WifiOff } from 'lucide-react';
import type { AnswerLetter } from '@shared/constants';
import { AnswerShape } from '@web/components/answer-shape';
import { useRemaining } from '@web/lib/use-remaining';
import type { ClassSocketStatus } from '../class-socket';
import { formatNumber } from '@web/lib/format-number';

/** The four answers' looks: ▲ A red, ◆ B blue, ● C yellow, ■ D green (the shapes carry it without colour). */
export const SHAPE_NAMES: Record<AnswerLetter, string> = { A: '三角', B: 'ひし形', C: '丸', D: '四角' };

/** A letter's mark: its shape and letter on its colour. */
export function OptionMark({ letter, size = 28 }: { letter: AnswerLetter; size?: number }) {
  return (
    <span className={`cls-mark cls-mark--${letter}`} aria-hidden>
      <AnswerShape letter={letter} size={size} />
      <span className="cls-mark__letter">{letter}</span>
    </span>
  );
}

/** 「1,234点」 */
export const points = (score: number) => `${formatNumber(score)}点`;

/** Seconds left at which the clock turns red and a screen reader hears the time. */
const LOW_SECONDS = 5;

/**
 * The countdown to a deadline of the server's clock (`now` is that clock as the page estimates it
 * from `serverTime` and its pings): whole seconds, red for the last five, read out at 10 and 5.
 */
export function Countdown({
  deadline,
  now,
  large = false,
}: {
  deadline: number;
  now: () => number;
  large?: boolean;
}) {
  const remaining = useRemaining(deadline, now);
  const seconds = Math.ceil(remaining / 1000);
  const spoken = seconds === 10 || seconds === LOW_SECONDS ? `残り${seconds}秒` : '';
  return (
    <>
      <span
        className={`cls-timer${large ? ' cls-timer--large' : ''}${seconds <= LOW_SECONDS ? ' is-low' : ''}`}
        role="timer"
        aria-label={`残り ${seconds} 秒`}
      >
        <Clock size={large ? 32 : 20} aria-hidden />
        <span className="cls-timer__value">{seconds}</span>
      </span>
      <span className="visually-hidden" aria-live="polite">
        {spoken}
      </span>
    </>
  );
}

/** Focuses a view's heading when it appears, so a screen reader hears the new step. */
export function useViewHeading<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return heading;
}

/** Said while the socket is not up: reconnecting on its own, or given up with 再接続. */
export function ConnectionNote({
  connection,
  onReconnect,
}: {
  connection: ClassSocketStatus | 'idle';
  onReconnect: () => void;
}) {
  if (connection === 'reconnecting')
    return (
      <p className="cls-connection" role="status">
        <Loader2 size={16} aria-hidden className="spin" /> 再接続しています...
      </p>
    );
  if (connection === 'closed')
    return (
      <div className="cls-connection cls-connection--closed" role="alert">
        <WifiOff size={16} aria-hidden /> 接続が切れました。
        <button type="button" className="button button--secondary button--small" onClick={onReconnect}>
          再接続
        </button>
      </div>
    );
  return null;
}

/**
 * The ranks of entries sorted by total, highest first, as the server ranks players: equal totals
 * share a rank (1, 2, 2, 4). The top 5 and the podium carry totals only, and the players' devices
 * show the shared rank: the host's screen must not say 2 and 3 for the same total.
 */
export function sharedRanks(entries: readonly { totalScore: number }[]): number[] {
  const ranks: number[] = [];
  entries.forEach((entry, index) => {
    const above = entries[index - 1];
    ranks.push(above && above.totalScore === entry.totalScore ? ranks[index - 1]! : index + 1);
  });
  return ranks;
}

/** The podium of three: 1st in the middle, raised; 2nd on the left, 3rd on the right. */
export function Podium({ podium }: { podium: { nickname: string; totalScore: number }[] }) {
  const places = [1, 0, 2].filter((index) => podium[index]);
  const ranks = sharedRanks(podium);
  return (
    <ol className="cls-podium" aria-label="表彰台">
      {places.map((index) => {
        const entry = podium[index]!;
        return (
          <li
            key={index}
            className={`cls-podium__place cls-podium__place--${index + 1}`}
            value={ranks[index]}
          >
            <span className="cls-podium__name">{entry.nickname}</span>
            <span className="cls-podium__score">{points(entry.totalScore)}</span>
            <span className="cls-podium__step">{ranks[index]}位</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Every player's result: rank, nickname, correct answers of all questions, score (the end and the results page). */
export function PlayerResultsTable({
  caption,
  players,
  totalQuestions,
}: {
  caption: string;
  players: readonly { rank: number; nickname: string; correctCount: number; score: number }[];
  totalQuestions: number;
}) {
  return (
    <table className="cls-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">順位</th>
          <th scope="col">ニックネーム</th>
          <th scope="col">正解数</th>
          <th scope="col">スコア</th>
        </tr>
      </thead>
      <tbody>
        {players.map((player, index) => (
          <tr key={`${player.nickname}-${index}`}>
            <td>{player.rank}位</td>
            <th scope="row">{player.nickname}</th>
            <td>
              {player.correctCount} / {totalQuestions}
            </td>
            <td>{points(player.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
