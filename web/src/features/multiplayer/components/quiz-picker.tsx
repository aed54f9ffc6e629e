import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import type { QuizSummary } from '@shared/quizzes';
import { useQuizChoices } from '../api/multiplayer';

/** Whether a quiz matches the filter: title or description, width- and case-folded. */
const matches = (quiz: QuizSummary, term: string) =>
  `${quiz.title}\n${quiz.description}`.normalize('NFKC').toLowerCase().includes(term);

/**
 * The quiz a room plays (§2 "quiz picker"): a filter on title and description over the public
 * quizzes, each shown with its question count. A quiz without questions cannot be chosen. The
 * room's current quiz stays listed even when it is not among the newest.
 */
export function QuizPicker(props: {
  value: string;
  onChange: (quiz: { id: string; title: string }) => void;
  error?: string | undefined;
  current?: { id: string; title: string } | undefined;
}) {
  const quizzes = useQuizChoices();
  const [filter, setFilter] = useState('');
  const id = useId();
  const term = filter.trim().normalize('NFKC').toLowerCase();
  const all = quizzes.data ?? [];
  const visible = all.filter((quiz) => matches(quiz, term));
  const chosen = all.find((quiz) => quiz.id === props.value);
  const extra = props.current && !chosen && props.current.id === props.value ? props.current : undefined;
  const errorId = `${id}-error`;

  return (
    <fieldset className="field quiz-picker" aria-describedby={props.error ? errorId : undefined}>
      <legend className="field__label">クイズ</legend>
      <div className="quiz-picker__search">
        <Search size={16} aria-hidden />
        <input
          type="search"
          className="field__input"
          aria-label="クイズを絞り込む"
          placeholder="タイトルや説明で絞り込み"
          value={filter}
          maxLength={100}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {(chosen ?? extra) && (
        <p className="quiz-picker__chosen">
          選択中: <strong>{(chosen ?? extra)!.title}</strong>
        </p>
      )}
      {quizzes.isPending ? (
        <div className="quiz-picker__list quiz-picker__list--loading" role="status" aria-label="読み込み中">
          <span className="skeleton quiz-picker__skeleton" />
          <span className="skeleton quiz-picker__skeleton" />
          <span className="skeleton quiz-picker__skeleton" />
        </div>
      ) : quizzes.isError ? (
        <div className="state state--error quiz-picker__state">
          <p>クイズ一覧を取得できませんでした</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void quizzes.refetch()}
          >
            再読み込み
          </button>
        </div>
      ) : (
        <div className="quiz-picker__list">
          {extra && (
            <label className="quiz-option is-checked">
              <input type="radio" name={id} checked onChange={() => props.onChange(extra)} />
              <span className="quiz-option__title">{extra.title}</span>
            </label>
          )}
          {visible.map((quiz) => (
            <label
              key={quiz.id}
              className={`quiz-option${quiz.id === props.value ? ' is-checked' : ''}${
                quiz.questionCount === 0 ? ' is-disabled' : ''
              }`}
            >
              <input
                type="radio"
                name={id}
                value={quiz.id}
                checked={quiz.id === props.value}
                disabled={quiz.questionCount === 0}
                onChange={() => props.onChange({ id: quiz.id, title: quiz.title })}
              />
              <span className="quiz-option__title">{quiz.title}</span>
              <span className="quiz-option__count">{quiz.questionCount}問</span>
            </label>
          ))}
          {visible.length === 0 && !extra && <p className="quiz-picker__empty">該当するクイズがありません</p>}
        </div>
      )}
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
