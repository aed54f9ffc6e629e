import { useState, type FormEvent } from 'react';
import { FOCUSED_STUDY_MESSAGES, type SavedQuestionSet } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { useUpdateSet } from '../api/focused-study';
import { SetFields } from './set-fields';

/** A saved set's title and description. */
export function EditSetDialog(props: { userId: string; set: SavedQuestionSet; onClose: () => void }) {
  const update = useUpdateSet(props.userId);
  const [title, setTitle] = useState(props.set.title);
  const [description, setDescription] = useState(props.set.description);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(FOCUSED_STUDY_MESSAGES.titleRequired);
      return;
    }
    update.mutate(
      { setId: props.set.id, title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          toast({ title: FOCUSED_STUDY_MESSAGES.setUpdated, variant: 'success' });
          props.onClose();
        },
        onError: (failure) => toastError(failure, FOCUSED_STUDY_MESSAGES.updateSetFailed),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && props.onClose()} title="問題セットを編集">
      <form onSubmit={submit} noValidate>
        <SetFields
          title={title}
          description={description}
          titleError={error}
          onTitle={(value) => {
            setTitle(value);
            setError(undefined);
          }}
          onDescription={setDescription}
        />
        <div className="dialog__actions">
          <DialogClose className="button button--secondary">キャンセル</DialogClose>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? '保存中...' : '保存する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
