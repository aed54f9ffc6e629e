import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';

/**
 * A list put in order by dragging (mouse, pen or finger: pointer events, so it works on phones)
 * or by keyboard: on an item's handle, Space or Enter picks it up, ↑ ↓ move it and Space, Enter
 * or Escape put it down (Escape puts it back where it was); Alt+↑ ↓ move it at once. Each item
 * also has ↑ ↓ buttons. Every move is announced.
 */
export function SortableList(props: {
  /** The keys in their current order. */
  order: readonly string[];
  label: (key: string) => string;
  onChange: (order: string[]) => void;
  /** The list's accessible name. */
  name: string;
}) {
  const { order, label, onChange } = props;
  const items = useRef(new Map<string, HTMLLIElement>());
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [grabbed, setGrabbed] = useState<{ key: string; from: readonly string[] } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const place = (key: string, index: number, current: readonly string[] = order) => {
    const without = current.filter((entry) => entry !== key);
    const target = Math.max(0, Math.min(without.length, index));
    const next = [...without.slice(0, target), key, ...without.slice(target)];
    if (next.join() !== current.join()) onChange(next);
    setAnnouncement(`「${label(key)}」を${target + 1}番目に移動しました（全${order.length}件）`);
    return next;
  };
  const move = (key: string, by: number) => {
    place(key, order.indexOf(key) + by);
    // The handle keeps focus as its item moves.
    requestAnimationFrame(() => handles.current.get(key)?.focus());
  };

  const onKeyDown = (key: string) => (event: KeyboardEvent) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step && (grabbed?.key === key || event.altKey)) {
      event.preventDefault();
      move(key, step);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (grabbed?.key === key) {
        setGrabbed(null);
        setAnnouncement(`「${label(key)}」を${order.indexOf(key) + 1}番目に置きました`);
      } else {
        setGrabbed({ key, from: order });
        setAnnouncement(`「${label(key)}」を持ち上げました。上下の矢印キーで移動し、スペースで置きます`);
      }
    } else if (event.key === 'Escape' && grabbed?.key === key) {
      event.preventDefault();
      onChange([...grabbed.from]);
      setGrabbed(null);
      setAnnouncement(`「${label(key)}」を元の位置に戻しました`);
    }
  };

  /** The place under the pointer: before the first item whose middle is below it. */
  const indexAt = (clientY: number, key: string) => {
    const others = order.filter((entry) => entry !== key);
    const before = others.findIndex((entry) => {
      const box = items.current.get(entry)?.getBoundingClientRect();
      return box ? clientY < box.top + box.height / 2 : false;
    });
    return before === -1 ? others.length : before;
  };

  const onPointerDown = (key: string) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // No text selection (or page scroll, with touch-action: none) while dragging.
    event.preventDefault();
    setDragging(key);
  };
  // The pointer is followed on the window: moving the item in the DOM would end a pointer capture.
  useEffect(() => {
    if (!dragging) return;
    const follow = (event: globalThis.PointerEvent) => {
      const index = indexAt(event.clientY, dragging);
      if (index !== order.indexOf(dragging)) place(dragging, index);
    };
    const drop = () => setDragging(null);
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', drop);
    window.addEventListener('pointercancel', drop);
    return () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', drop);
      window.removeEventListener('pointercancel', drop);
    };
  });

  return (
    <>
      <ol className="sortable" aria-label={props.name}>
        {order.map((key, index) => (
          <li
            key={key}
            ref={(element) => {
              if (element) items.current.set(key, element);
              else items.current.delete(key);
            }}
            className={`sortable__item${dragging === key || grabbed?.key === key ? ' is-lifted' : ''}`}
          >
            <button
              type="button"
              className="sortable__handle"
              ref={(element) => {
                if (element) handles.current.set(key, element);
                else handles.current.delete(key);
              }}
              aria-label={`${index + 1}番目: ${label(key)}（スペースで持ち上げ、矢印キーで移動）`}
              aria-pressed={grabbed?.key === key}
              onKeyDown={onKeyDown(key)}
              onPointerDown={onPointerDown(key)}
              onBlur={() => {
                if (grabbed?.key === key) setGrabbed(null);
              }}
            >
              <GripVertical size={18} aria-hidden />
            </button>
            <span className="sortable__position" aria-hidden>
              {index + 1}
            </span>
            <span className="sortable__label">{label(key)}</span>
            <span className="sortable__buttons">
              <button
                type="button"
                className="icon-button"
                aria-label={`「${label(key)}」を上へ`}
                disabled={index === 0}
                onClick={() => move(key, -1)}
              >
                <ArrowUp size={16} aria-hidden />
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`「${label(key)}」を下へ`}
                disabled={index === order.length - 1}
                onClick={() => move(key, 1)}
              >
                <ArrowDown size={16} aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
