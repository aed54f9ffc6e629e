import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { normalizeTagName, TAG_LIMITS, TAG_MESSAGES, tagNameKey, tagNameSchema } from '@shared/tags';
import '@web/components/tag-chips.css';

/** Keys that end a tag: Enter and the comma (ASCII, full-width and Japanese). */
const SEPARATORS = new Set(['Enter', ',', '，', '、']);

/**
 * A quiz's tags as chips: type a name and press Enter or a comma to add it, × (or Backspace in an
 * empty box) to remove one; at most 5, no two the same tag (case and width do not count). Checked
 * with the server's own rules; `error` is the form's (the server's message for the field).
 */
export function TagInput(props: {
  id: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const hintId = useId();
  const errorId = useId();
  const full = props.value.length >= TAG_LIMITS.perQuiz;
  const shownError = problem ?? props.error;

  /** Adds what was typed; answers whether the box may be emptied. */
  const add = (typed: string) => {
    const name = normalizeTagName(typed.replace(/[,，、]/g, ' '));
    if (!name) return true;
    const parsed = tagNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return false;
    }
    if (props.value.some((tag) => tagNameKey(tag) === tagNameKey(name))) {
      setProblem(TAG_MESSAGES.duplicate(name));
      return false;
    }
    if (full) {
      setProblem(TAG_MESSAGES.tooMany);
      return false;
    }
    setProblem(undefined);
    props.onChange([...props.value, parsed.data]);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A Japanese input method's Enter confirms its conversion: it adds nothing.
    if (event.nativeEvent.isComposing) return;
    if (SEPARATORS.has(event.key)) {
      event.preventDefault();
      if (add(draft)) setDraft('');
    } else if (event.key === 'Backspace' && draft === '' && props.value.length) {
      props.onChange(props.value.slice(0, -1));
      setProblem(undefined);
    }
  };

  const remove = (index: number) => {
    props.onChange(props.value.filter((_, at) => at !== index));
    setProblem(undefined);
    document.getElementById(props.id)?.focus();
  };

  return (
    <div className="field tag-input">
      <label htmlFor={props.id} className="field__label">
        タグ（{TAG_LIMITS.perQuiz}個まで）
      </label>
      {props.value.length > 0 && (
        <ul className="tag-chips tag-input__chips" aria-label="追加したタグ">
          {props.value.map((tag, index) => (
            <li key={tagNameKey(tag)} className="tag-chip">
              {tag}
              <button
                type="button"
                className="tag-chip__remove"
                aria-label={`タグ「${tag}」を削除`}
                onClick={() => remove(index)}
                disabled={props.disabled}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={props.id}
        className="field__input"
        value={draft}
        placeholder={full ? 'タグは5個まで追加済みです' : '例: 日本史'}
        maxLength={TAG_LIMITS.rawNameMax}
        enterKeyHint="done"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        disabled={props.disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        // A name typed but not confirmed is still meant: it is added when the box is left.
        onBlur={() => {
          if (draft.trim() && add(draft)) setDraft('');
        }}
      />
      <p id={hintId} className="field__hint">
        Enterまたは「,」で追加します（{props.value.length}/{TAG_LIMITS.perQuiz}）
      </p>
      {shownError && (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
