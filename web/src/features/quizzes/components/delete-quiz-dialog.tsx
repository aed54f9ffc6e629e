import type { QuizSummary } from '@shared/quiz-schemas';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useConfirmDelete } from '@web/components/ui/use-confirm-delete';
import { useDeleteQuiz } from '../api/delete-quiz';

/** The confirmation before a quiz and everything attached to it is deleted. */
export function DeleteQuizDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const confirm = useConfirmDelete({
    target: quiz,
    close: onClose,
    remove: useDeleteQuiz(),
    idOf: (target) => target.id,
    deleted: 'クイズを削除しました',
    failed: 'クイズの削除に失敗しました。',
  });
  return (
    <ConfirmDialog
      {...confirm}
      title="クイズを削除しますか？"
      description={
        <>
          「{quiz?.title}
          」を削除します。この操作は取り消せません。問題、お気に入り、報告など、関連するデータもすべて削除されます。
        </>
      }
    />
  );
}
