import type { ReactNode } from 'react';
import { Dialog, DialogClose } from './dialog';

/** The question before something is deleted for good (a quiz, a material, a saved set), in the one dialog shell. */
export function ConfirmDeleteDialog(props: {
  open: boolean;
  title: string;
  description: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      description={props.description}
      closeButton={false}
      size="small"
      alert
    >
      <div className="dialog__actions">
        <DialogClose className="button button--secondary">キャンセル</DialogClose>
        <button
          type="button"
          className="button button--danger"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.pending ? '削除中...' : '削除する'}
        </button>
      </div>
    </Dialog>
  );
}
