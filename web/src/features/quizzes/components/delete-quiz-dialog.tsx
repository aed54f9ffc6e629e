import type { QuizSummary } from '@shared/quizzes';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { useDeleteQuiz } from '../api/quizzes';

/** The confirmation before a quiz and everything attached to it is deleted. */
export function DeleteQuizDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const remove = useDeleteQuiz();
  return (
    <Dialog
      open={Boolean(quiz)}
      onOpenChange={(open) => !open && onClose()}
      title="クイズを削除しますか？"
      description={
        <>
          「{quiz?.title}
          」を削除します。この操作は取り消せません。問題、お気に入り、報告など、関連するデータもすべて削除されます。
        </>
      }
      closeButton={false}
      size="small"
      alert
    >
      <div className="dialog__actions">
        <DialogClose className="button button--secondary">キャンセル</DialogClose>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() =>
            quiz &&
            remove.mutate(quiz.id, {
              onSuccess: () => {
                toast({ title: 'クイズを削除しました', variant: 'success' });
                onClose();
              },
              onError: (error) => toastError(error, 'クイズの削除に失敗しました。'),
            })
          }
        >
          {remove.isPending ? '削除中...' : '削除する'}
        </button>
      </div>
    </Dialog>
  );
}
