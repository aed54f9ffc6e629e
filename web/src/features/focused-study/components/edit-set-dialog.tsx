import type { FormEvent } from 'react';
import { FOCUSED_STUDY_MESSAGES, type SavedQuestionSet } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog } from '@web/components/ui/dialog';
import { useUpdateSet } from '../api/update-set';
import { SetDialogActions, useSetFields } from './set-fields';

/** A saved set's title and description. */
export function EditSetDialog(props: { userId: string; set: SavedQuestionSet; onClose: () => void }) {
  const update = useUpdateSet(props.userId);
  const { fields, checked } = useSetFields(props.set);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = checked();
    if (!values) return;
    update.mutate(
      { setId: props.set.id, ...values },
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
        {fields}
        <SetDialogActions pending={update.isPending} />
      </form>
    </Dialog>
  );
}
