import { useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Copy, GripVertical } from 'lucide-react';
import '../sortable-question.css';

/** What a dragged question carries: its own type, so a drop on a text field inserts no text. */
const DRAG_TYPE = 'application/x-quiz-question';

/** Which of a question's controls to focus again after it moved (its place in the list changed). */
type MoveControl = 'handle' | 'up' | 'down';

/**
 * Moving and copying the quiz form's questions (issue 30): by drag and drop, by the arrow keys on a
 * question's handle, by 上へ / 下へ, and 複製 (the copy right after it). Each change is announced to
 * screen readers, and focus stays on the control that moved the question.
 */
export function useQuestionOrder(options: {
  count: number;
  /** Control ids: `id(`q${index}-${control}`)`. */
  id: (name: string) => string;
  move: (from: number, to: number) => void;
  duplicate: (index: number) => void;
  canDuplicate: boolean;
}) {
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const { count, id } = options;

  const move = (from: number, to: number, control: MoveControl = 'handle') => {
    if (to < 0 || to >= count || from === to) return;
    options.move(from, to);
    setAnnouncement(`問題 ${from + 1} を ${to + 1} 番目に移動しました。`);
    // The button pressed may now be disabled (top or bottom): the handle takes focus then.
    const stays = control === 'handle' || (control === 'up' ? to > 0 : to < count - 1);
    requestAnimationFrame(() => document.getElementById(id(`q${to}-${stays ? control : 'handle'}`))?.focus());
  };

  const duplicate = (index: number) => {
    if (!options.canDuplicate) return;
    options.duplicate(index);
    setAnnouncement(`問題 ${index + 1} を複製しました。複製は問題 ${index + 2} です。`);
  };

  return {
    announcement,
    dragFrom,
    setDragFrom,
    move,
    duplicate,
    count,
    id,
    canDuplicate: options.canDuplicate,
  };
}

type QuestionOrder = ReturnType<typeof useQuestionOrder>;

/** One question of the form with its handle, 上へ, 下へ and 複製, and a place to drop another question. */
export function SortableQuestion({
  order,
  index,
  children,
}: {
  order: QuestionOrder;
  index: number;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const number = index + 1;
  const control = (name: string) => order.id(`q${index}-${name}`);
  const carries = (event: DragEvent) =>
    order.dragFrom !== null && event.dataTransfer.types.includes(DRAG_TYPE);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    order.move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  return (
    <div
      className={`sortable-question${over ? ' sortable-question--over' : ''}${
        order.dragFrom === index ? ' sortable-question--dragging' : ''
      }`}
      onDragOver={(event) => {
        if (!carries(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!carries(event)) return;
        event.preventDefault();
        order.move(order.dragFrom!, index);
        order.setDragFrom(null);
      }}
    >
      <div className="question-toolbar" role="group" aria-label={`問題 ${number} の並べ替えと複製`}>
        <button
          type="button"
          id={control('handle')}
          className="question-toolbar__handle"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, String(index));
            event.dataTransfer.effectAllowed = 'move';
            order.setDragFrom(index);
          }}
          onDragEnd={() => order.setDragFrom(null)}
          onKeyDown={onKeyDown}
          // The name holds the visible "1 / 3" (WCAG 2.5.3, label in name).
          aria-label={`問題 ${number} / ${order.count} を移動（ドラッグ、または上下の矢印キー）`}
        >
          <GripVertical size={18} aria-hidden />
          <span className="question-toolbar__position" aria-hidden>
            {number} / {order.count}
          </span>
        </button>
        <button
          type="button"
          id={control('up')}
          className="button button--secondary button--small"
          onClick={() => order.move(index, index - 1, 'up')}
          disabled={index === 0}
          aria-label={`問題 ${number} を上へ`}
        >
          <ArrowUp size={15} aria-hidden />
          上へ
        </button>
        <button
          type="button"
          id={control('down')}
          className="button button--secondary button--small"
          onClick={() => order.move(index, index + 1, 'down')}
          disabled={index === order.count - 1}
          aria-label={`問題 ${number} を下へ`}
        >
          <ArrowDown size={15} aria-hidden />
          下へ
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => order.duplicate(index)}
          disabled={!order.canDuplicate}
          aria-label={`問題 ${number} を複製`}
        >
          <Copy size={15} aria-hidden />
          複製
        </button>
      </div>
      {children}
    </div>
  );
}

/** Where the form announces a question moved or copied (read by screen readers, not shown). */
export function QuestionOrderAnnouncer({ order }: { order: QuestionOrder }) {
  return (
    <p className="visually-hidden" aria-live="polite" role="status">
      {order.announcement}
    </p>
  );
}
