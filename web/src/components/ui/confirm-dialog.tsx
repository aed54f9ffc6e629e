import type { ReactNode } from 'react';
import { Dialog, DialogClose } from './dialog';

/**
 * The question before something is done for good (a deletion, a moderation action), in the one
 * dialog shell: announced as an alert, キャンセル beside the danger button. `children` go between
 * the question and the buttons (the moderator's reason).
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The danger button's label (「削除する」「非表示にする」…). */
  confirmLabel: string;
  /** Its label while the action runs; the button is disabled then either way. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
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
      {props.children}
      <div className="dialog__actions">
        <DialogClose className="button button--secondary">キャンセル</DialogClose>
        <button
          type="button"
          className="button button--danger"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.pending ? (props.pendingLabel ?? props.confirmLabel) : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
