import { Loader2 } from 'lucide-react';

/**
 * The one loading indicator. By default it holds the place of a page or section whose data is
 * still loading and is announced as 読み込み中; `inline` is the turning icon inside a button or
 * card, whose own text says what is under way (so the icon is hidden from screen readers).
 */
export function Spinner(props: { inline?: false } | { inline: true; size: number }) {
  if (props.inline) return <Loader2 size={props.size} aria-hidden className="spin" />;
  return <div className="page-loading" role="status" aria-label="読み込み中" />;
}
