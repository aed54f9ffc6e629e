import { Dialog } from '@web/components/ui/dialog';

/** Asked before a quiz form with typed content closes (Escape, ✕, the overlay, キャンセル). */
export function DiscardChangesDialog(props: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onKeep()}
      title="入力内容を破棄しますか？"
      description="閉じると、入力したクイズの内容は失われます。"
      closeButton={false}
      size="small"
      alert
      nested
    >
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onKeep}>
          編集を続ける
        </button>
        <button type="button" className="button button--danger" onClick={props.onDiscard}>
          破棄して閉じる
        </button>
      </div>
    </Dialog>
  );
}
