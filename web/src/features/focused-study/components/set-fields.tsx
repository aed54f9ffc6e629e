import { useState } from 'react';
import { FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { DialogClose } from '@web/components/ui/dialog';
import { TextAreaField, TextField } from '@web/components/ui/text-field';

/**
 * A saved set's title (required: its error shown under it) and description, as the save and edit
 * dialogs ask for them: the fields, and `checked()`, the trimmed values once the title is there.
 */
export function useSetFields(initial: { title: string; description: string }) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [error, setError] = useState<string>();
  const fields = (
    <>
      <TextField
        label="タイトル"
        value={title}
        maxLength={100}
        required
        error={error}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(undefined);
        }}
      />
      <TextAreaField
        label="説明（任意）"
        rows={3}
        maxLength={500}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </>
  );
  /** The trimmed title and description; undefined, with the title's error shown, while the title is empty. */
  const checked = () => {
    if (!title.trim()) {
      setError(FOCUSED_STUDY_MESSAGES.titleRequired);
      return undefined;
    }
    return { title: title.trim(), description: description.trim() };
  };
  return { fields, checked };
}

/** キャンセル and 保存する, as both set dialogs end. */
export function SetDialogActions({ pending }: { pending: boolean }) {
  return (
    <div className="dialog__actions">
      <DialogClose className="button button--secondary">キャンセル</DialogClose>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? '保存中...' : '保存する'}
      </button>
    </div>
  );
}
