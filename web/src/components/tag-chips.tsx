import { Link } from 'react-router-dom';
import type { TagRef } from '@shared/tags';
import { paths } from '@web/config/paths';
import './tag-chips.css';

/** The chip colour: the tag's own (an administrator's `#RRGGBB`). */
export const tagStyle = (color: string) => ({ '--tag-color': color }) as React.CSSProperties;

/** A quiz's tags as chips, each a link to the tag's page (nothing when it has none). */
export function TagChips({ tags, label }: { tags: readonly TagRef[]; label: string }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-chips" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link to={paths.tag(tag.name)} className="tag-chip" style={tagStyle(tag.color)}>
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
