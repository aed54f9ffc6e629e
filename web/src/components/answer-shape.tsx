import type { AnswerLetter } from '@shared/constants';

/**
 * An answer's shape (▲ A, ◆ B, ● C, ■ D), drawn (not a font glyph) so it looks the same on every
 * phone and projector. Shared by the rooms and the class games, whose answers wear the same shapes.
 */
export function AnswerShape({
  letter,
  size = 28,
  className,
}: {
  letter: AnswerLetter;
  size?: number;
  className?: string;
}) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, className };
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
