import { useEffect, useRef } from 'react';
import type { AnswerLetter } from '@shared/constants';
import { AnswerShape as SharedAnswerShape } from '@web/components/answer-shape';
import { formatNumber } from '@web/lib/format-number';

/** The answer's shape in the rooms' look (the shared drawing, with the rooms' class). */
export function AnswerShape({ letter, size = 28 }: { letter: AnswerLetter; size?: number }) {
  return <SharedAnswerShape letter={letter} size={size} className="mp-shape" />;
}

const AVATAR_COLORS = [
  '#6366f1',
  '#ec4899',
  '#0ea5e9',
  '#f59e0b',
  '#10b981',
  '#8b5cf6',
  '#ef4444',
  '#14b8a6',
];

/** A player's round badge: their initial on a colour that stays the same for them all game. */
export function PlayerAvatar({ id, nickname, size = 40 }: { id: string; nickname: string; size?: number }) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <span
      className="mp-avatar"
      aria-hidden
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        background: AVATAR_COLORS[hash % AVATAR_COLORS.length],
      }}
    >
      {Array.from(nickname.trim())[0] ?? '?'}
    </span>
  );
}

/**
 * A game's score as the multiplayer views write it: 「1,234点」. The game's スコア is counted in 点,
 * apart from the profile's 学習ポイント (pt), which is another number (docs/multiplayer.md).
 */
export const scoreText = (score: number) => `${formatNumber(score)}点`;

/**
 * Focuses a view's heading when the view appears, so a screen reader hears the new question or
 * result and the keyboard starts from the top of it.
 */
export function useViewHeading<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return heading;
}
