import { Dialog, DialogClose } from '@web/components/ui/dialog';

/** The question before something of the member's is deleted (a material, a saved set), in the one dialog shell. */
export function ConfirmDeleteDialog(props: {
  open: boolean;
  title: string;
  description: string;
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
