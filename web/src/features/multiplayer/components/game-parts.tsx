import { useEffect, useRef } from 'react';
import type { AnswerLetter } from '@shared/constants';

/** The answer's shape, drawn (not a font glyph) so it looks the same on every phone. */
export function AnswerShape({ letter, size = 28 }: { letter: AnswerLetter; size?: number }) {
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    className: 'mp-shape',
  };
  switch (letter) {
    case 'A':
      return (
        <svg {...common}>
          <path d="M12 3 22 20H2Z" fill="currentColor" />
        </svg>
      );
    case 'B':
      return (
        <svg {...common}>
          <path d="M12 2 22 12 12 22 2 12Z" fill="currentColor" />
        </svg>
      );
    case 'C':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
        </svg>
      );
    case 'D':
      return (
        <svg {...common}>
          <rect x="3" y="3" width="18" height="18" rx="1.5" fill="currentColor" />
        </svg>
      );
  }
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
export const scoreText = (score: number) => `${score.toLocaleString('ja-JP')}点`;

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
