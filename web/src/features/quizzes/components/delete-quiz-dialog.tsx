import type { QuizSummary } from '@shared/quiz-schemas';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { useDeleteQuiz } from '../api/delete-quiz';

/** The confirmation before a quiz and everything attached to it is deleted. */
export function DeleteQuizDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const remove = useDeleteQuiz();
  return (
    <ConfirmDeleteDialog
      open={Boolean(quiz)}
      title="クイズを削除しますか？"
      description={
        <>
          「{quiz?.title}
          」を削除します。この操作は取り消せません。問題、お気に入り、報告など、関連するデータもすべて削除されます。
        </>
      }
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        quiz &&
        remove.mutate(quiz.id, {
          onSuccess: () => {
            toast({ title: 'クイズを削除しました', variant: 'success' });
            onClose();
          },
          onError: (error) => toastError(error, 'クイズの削除に失敗しました。'),
        })
      }
    />
  );
}
