import type { UseMutationResult } from '@tanstack/react-query';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';

/**
 * Every deletion a member confirms (a quiz, a material, a saved set): the `ConfirmDialog`'s
 * buttons (「削除する」, 「削除中...」 while it runs) and what follows the click: the deletion of
 * `target`, a success toast and the dialog closed, or the server's message (else `failed`) in an
 * error toast with the dialog left open to try again. The caller keeps `target` (null: closed).
 */
export function useConfirmDelete<T>(options: {
  target: T | null;
  close: () => void;
  /** A delete mutation taking the target's id. */
  remove: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;
  idOf: (target: T) => string;
  /** The success toast's title (「クイズを削除しました」). */
  deleted: string;
  /** The error toast's text when the server gives none. */
  failed: string;
}) {
  const { target, close, remove } = options;
  return {
    open: target !== null,
    confirmLabel: '削除する',
    pendingLabel: '削除中...',
    pending: remove.isPending,
    onClose: close,
    onConfirm: () => {
      if (target === null) return;
      remove.mutate(options.idOf(target), {
        onSuccess: () => {
          toast({ title: options.deleted, variant: 'success' });
          close();
        },
        onError: (error) => toastError(error, options.failed),
      });
    },
  };
}
