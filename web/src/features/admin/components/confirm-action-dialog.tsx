import { useId, useState } from 'react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** What an administrator is about to do, named with its target, before it is done. */
export interface PendingAction {
  /** 「『世界の首都クイズ』を非表示にしますか？」: the question names the quiz or the member. */
  title: string;
  /** What will happen, in a sentence. */
  description: string;
  /** The confirming button's label (「非表示にする」「永久BAN」…). */
  confirmLabel: string;
  run: (reason: string | undefined) => void;
}

const REASON_MAX = 500;

/**
 * The confirmation every moderation action goes through (the shared `ConfirmDialog`): the target
 * named, what happens, and an optional reason that is kept with the action (the audit record; a
 * penalty's own record too).
 */
export function ConfirmActionDialog({
  action,
  pending,
  onClose,
}: {
  action: PendingAction | null;
  pending: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={action !== null}
      title={action?.title ?? ''}
      description={action?.description}
      confirmLabel={action?.confirmLabel ?? ''}
      pending={pending}
      onClose={close}
      onConfirm={() => {
        action?.run(reason.trim() || undefined);
        close();
      }}
    >
      <div className="field">
        <label htmlFor={reasonId} className="field__label">
          理由（任意）
        </label>
        <textarea
          id={reasonId}
          className="field__input"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${reasonId}-hint`}
        />
        <p id={`${reasonId}-hint`} className="field__hint">
          記入した理由は操作の記録に残ります（{REASON_MAX}文字まで）。
        </p>
      </div>
    </ConfirmDialog>
  );
}
