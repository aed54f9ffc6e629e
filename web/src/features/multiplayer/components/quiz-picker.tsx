import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import { MULTIPLAYER_CATEGORIES, type MultiplayerCategory } from '@shared/multiplayer';
import type { QuizSummary } from '@shared/quiz-schemas';
import { holdsEveryWord, quizSearchText, searchWords } from '@shared/search-text';
import { SelectField } from '@web/components/ui/text-field';
import { useMyQuizzes } from '@web/lib/api/get-my-quizzes';
import { useDebounced } from '@web/lib/use-debounced';
import { useRoomQuizSearch } from '../api/search-room-quizzes';

/** 'all' reads すべて; the other categories are their own names. */
export const categoryLabel = (category: MultiplayerCategory) => (category === 'all' ? 'すべて' : category);

/**
 * Why one of the host's own quizzes cannot host a room, or null when it can. A room shows its quiz
 * to every player, so the server takes public quizzes only (対戦には公開中のクイズだけを使えます).
 */
function whyNotPlayable(quiz: QuizSummary): string | null {
  if (!quiz.isPublished) return '非公開のため対戦には使えません';
  if (quiz.isHidden) return '非表示のため対戦には使えません';
  return null;
}

/**
 * The quiz a room plays (docs/spec/multiplayer-membership-study.md §2 "quiz picker"), with the category select that narrows it. Words and
 * category search the whole public catalogue (the search index: GET /api/quizzes/search), as the
 * search page does; the host's own quizzes come first, the private or hidden ones shown but not
 * choosable, with the reason (the host learns why their quiz is missing, rather than thinking the
 * search failed). Each option shows its question count; one without questions cannot be chosen.
 * The room's current quiz stays listed whatever the words.
 */
export function QuizPicker(props: {
  value: string;
  onChange: (quiz: { id: string; title: string }) => void;
  category: MultiplayerCategory;
  onCategoryChange: (category: MultiplayerCategory) => void;
  error?: string | undefined;
  current?: { id: string; title: string } | undefined;
}) {
  const [words, setWords] = useState('');
  const q = useDebounced(words.trim());
  const category = props.category === 'all' ? '' : props.category;
  const found = useRoomQuizSearch({ q, category });
  const own = useMyQuizzes();
  const id = useId();
  const errorId = `${id}-error`;

  // The host's quizzes by the search's own rule (every word in the title, description or category).
  const wanted = searchWords(q);
  const mine = (own.data ?? [])
    .filter(
      (quiz) => (!category || quiz.category === category) && holdsEveryWord(quizSearchText(quiz), wanted),
    )
    .sort((a, b) => Number(whyNotPlayable(a) !== null) - Number(whyNotPlayable(b) !== null));
  const mineIds = new Set((own.data ?? []).map((quiz) => quiz.id));
  const others = (found.data ?? []).filter((quiz) => !mineIds.has(quiz.id));
  const listed = [...mine, ...others];
  const chosen = listed.find((quiz) => quiz.id === props.value);
  const extra = props.current && !chosen && props.current.id === props.value ? props.current : undefined;
  const chosenTitle = chosen?.title ?? extra?.title;

  const option = (quiz: QuizSummary) => {
    const reason = whyNotPlayable(quiz) ?? (quiz.questionCount === 0 ? '問題がありません' : null);
    return (
      <label
        key={quiz.id}
        className={`quiz-option${quiz.id === props.value ? ' is-checked' : ''}${reason ? ' is-disabled' : ''}`}
      >
        <input
          type="radio"
          name={id}
          value={quiz.id}
          checked={quiz.id === props.value}
          disabled={reason !== null}
          onChange={() => props.onChange({ id: quiz.id, title: quiz.title })}
        />
        <span className="quiz-option__text">
          <span className="quiz-option__title">{quiz.title}</span>
          {reason && <span className="quiz-option__note">{reason}</span>}
        </span>
        <span className="quiz-option__count">{quiz.questionCount}問</span>
      </label>
    );
  };

  return (
    <fieldset className="field quiz-picker" aria-describedby={props.error ? errorId : undefined}>
      <legend className="field__label">クイズ</legend>
      <div className="quiz-picker__filters">
        <div className="field quiz-picker__search">
          <label htmlFor={`${id}-words`} className="field__label">
            キーワード
          </label>
          <div className="quiz-picker__search-box">
            <Search size={16} aria-hidden />
            <input
              id={`${id}-words`}
              type="search"
              className="field__input"
              placeholder="タイトルや説明で探す"
              value={words}
              maxLength={100}
              onChange={(event) => setWords(event.target.value)}
            />
          </div>
        </div>
        <SelectField
          label="カテゴリ"
          value={props.category}
          onChange={(event) => props.onCategoryChange(event.target.value as MultiplayerCategory)}
        >
          {MULTIPLAYER_CATEGORIES.map((choice) => (
            <option key={choice} value={choice}>
              {categoryLabel(choice)}
            </option>
          ))}
        </SelectField>
      </div>
      {chosenTitle && (
        <p className="quiz-picker__chosen">
          選択中: <strong>{chosenTitle}</strong>
        </p>
      )}
      {found.isPending ? (
        <div className="quiz-picker__list quiz-picker__list--loading" role="status" aria-label="読み込み中">
          <span className="skeleton quiz-picker__skeleton" />
          <span className="skeleton quiz-picker__skeleton" />
          <span className="skeleton quiz-picker__skeleton" />
        </div>
      ) : found.isError && mine.length === 0 ? (
        <div className="state state--error quiz-picker__state">
          <p>クイズを検索できませんでした</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void found.refetch()}
          >
            再読み込み
          </button>
        </div>
      ) : (
        <div className="quiz-picker__list" aria-busy={found.isFetching || undefined}>
          {extra && (
            <label className="quiz-option is-checked">
              <input type="radio" name={id} checked onChange={() => props.onChange(extra)} />
              <span className="quiz-option__text">
                <span className="quiz-option__title">{extra.title}</span>
              </span>
            </label>
          )}
          {mine.length > 0 && (
            <>
              <p className="quiz-picker__group">自分のクイズ</p>
              {mine.map(option)}
            </>
          )}
          {mine.length > 0 && others.length > 0 && <p className="quiz-picker__group">みんなのクイズ</p>}
          {others.map(option)}
          {listed.length === 0 && !extra && <p className="quiz-picker__empty">該当するクイズがありません</p>}
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
