import { useState, type FormEvent } from 'react';
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { createTodoSchema, LEARNING, LEARNING_MESSAGES, type Todo } from '@shared/learning';
import { toastError } from '@web/components/toast/toast-error';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useConfirmDelete } from '@web/components/ui/use-confirm-delete';
import { useCreateTodo } from '../api/create-todo';
import { useDeleteTodo } from '../api/delete-todo';
import { useTodos } from '../api/get-todos';
import { useUpdateTodo } from '../api/update-todo';

/** 今日のやること: the day's to-dos (Japan day): add, tick, edit, delete. */
export function TodoPanel({ userId, today }: { userId: string; today: string }) {
  const todos = useTodos(userId, today);
  const create = useCreateTodo(userId);
  const remove = useDeleteTodo(userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<Todo | null>(null);
  const confirm = useConfirmDelete({
    target: deleting,
    close: () => setDeleting(null),
    remove,
    idOf: (todo) => todo.id,
    deleted: LEARNING_MESSAGES.todoDeleted,
    failed: 'やることを削除できませんでした。',
  });
  const list = todos.data?.todos ?? [];
  const full = list.length >= LEARNING.maxTodosPerDay;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTodoSchema.safeParse({ text, date: today });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: () => setText(''),
      onError: (failure) => toastError(failure, 'やることを追加できませんでした。'),
    });
  };

  return (
    <section className="card learning-panel" aria-labelledby="todos-title">
      <div className="learning-panel__head">
        <h2 id="todos-title" className="learning-panel__title">
          今日のやること
        </h2>
        {list.length > 0 && (
          <span className="learning-panel__count">
            {list.filter((todo) => todo.completed).length} / {list.length} 完了
          </span>
        )}
      </div>
      <form className="todo-form" onSubmit={add} noValidate>
        <label htmlFor="todo-new" className="visually-hidden">
          新しいやること
        </label>
        <input
          id="todo-new"
          className="field__input"
          value={text}
          maxLength={LEARNING.todoTextMax}
          placeholder="例: 歴史のクイズを1つ解く"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'todo-new-error' : undefined}
          onChange={(event) => setText(event.target.value)}
          disabled={full}
        />
        <button type="submit" className="button button--primary" disabled={create.isPending || full}>
          <Plus size={16} aria-hidden />
          追加
        </button>
      </form>
      {error && (
        <p id="todo-new-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      {full && <p className="field__hint">{LEARNING_MESSAGES.tooManyTodos}</p>}
      {todos.isPending ? (
        <Spinner />
      ) : todos.isError ? (
        <p className="state state--error">やることを読み込めませんでした。</p>
      ) : list.length === 0 ? (
        <p className="state">今日のやることはまだありません。</p>
      ) : (
        <ul className="todo-list">
          {list.map((todo) => (
            <TodoItem key={todo.id} userId={userId} todo={todo} onDelete={() => setDeleting(todo)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...confirm}
        title="やることを削除しますか？"
        description={deleting ? `「${deleting.text}」を削除します。` : ''}
      />
    </section>
  );
}

function TodoItem({ userId, todo, onDelete }: { userId: string; todo: Todo; onDelete: () => void }) {
  const update = useUpdateTodo(userId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(todo.text);
  const [error, setError] = useState<string>();
  const inputId = `todo-${todo.id}`;

  // The tick as clicked, until the call settles: shown at once, in the click's own render (the
  // query's optimistic update comes a tick later, and a controlled box would flip back meanwhile).
  const [ticked, setTicked] = useState<boolean>();
  const tick = (completed: boolean) => {
    setTicked(completed);
    update.mutate(
      { id: todo.id, completed },
      {
        onError: (failure) => toastError(failure, 'やることを更新できませんでした。'),
        onSettled: () => setTicked(undefined),
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTodoSchema.shape.text.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(
      { id: todo.id, text: parsed.data },
      {
        onSuccess: () => {
          setEditing(false);
          setError(undefined);
        },
        onError: (failure) => toastError(failure, 'やることを更新できませんでした。'),
      },
    );
  };

  if (editing)
    return (
      <li className="todo todo--editing">
        <form className="todo-form" onSubmit={save} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            やることの内容
          </label>
          <input
            id={inputId}
            className="field__input"
            value={text}
            maxLength={LEARNING.todoTextMax}
            // Opened by 編集 on purpose: the text to change takes focus.
            autoFocus
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="icon-button" aria-label="保存" disabled={update.isPending}>
            <Check size={18} aria-hidden />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="編集をやめる"
            onClick={() => {
              setEditing(false);
              setText(todo.text);
              setError(undefined);
            }}
          >
            <X size={18} aria-hidden />
          </button>
        </form>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </li>
    );

  return (
    <li className={`todo${(ticked ?? todo.completed) ? ' is-done' : ''}`}>
      <input
        id={inputId}
        type="checkbox"
        className="todo__check"
        checked={ticked ?? todo.completed}
        disabled={update.isPending}
        onChange={(event) => tick(event.target.checked)}
      />
      <label htmlFor={inputId} className="todo__text">
        {todo.text}
      </label>
      <button
        type="button"
        className="icon-button"
        aria-label={`「${todo.text}」を編集`}
        onClick={() => setEditing(true)}
      >
        <Pencil size={16} aria-hidden />
      </button>
      <button type="button" className="icon-button" aria-label={`「${todo.text}」を削除`} onClick={onDelete}>
        <Trash2 size={16} aria-hidden />
      </button>
    </li>
  );
}
