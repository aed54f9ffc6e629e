import { useRef, useState } from 'react';
import type { QuizSummary } from '@shared/quiz-schemas';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useMyQuizDetail } from '../api/get-my-quiz';
import { useUpdateQuiz } from '../api/update-quiz';
import { quizFormValues } from '../quiz-form-values';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { QuizForm } from './quiz-form';

/** Editing one of the author's quizzes: its questions are loaded, then the form opens filled in. */
export function EditQuizDialog({
  quiz,
  isPro,
  onClose,
}: {
  quiz: QuizSummary;
  isPro: boolean;
  onClose: () => void;
}) {
  const detail = useMyQuizDetail(quiz.id);
  const update = useUpdateQuiz();
  const changed = useRef<(() => boolean) | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const requestClose = () => (changed.current?.() ? setAskDiscard(true) : onClose());
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && requestClose()}
      title={`クイズを編集「${quiz.title}」`}
      size="wide"
    >
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <p className="state state--error">クイズの読み込みに失敗しました。</p>
      ) : (
        <QuizForm
          mode="edit"
          initial={quizFormValues(detail.data)}
          isPro={isPro}
          isHidden={detail.data.isHidden}
          pending={update.isPending}
          onCancel={requestClose}
          changedRef={changed}
          onSubmit={(values) =>
            update.mutate(
              { id: quiz.id, input: values as never },
              {
                onSuccess: () => {
                  toast({ title: 'クイズを更新しました', variant: 'success' });
                  onClose();
                },
                onError: (error) => toastError(error, 'クイズの更新に失敗しました。'),
              },
            )
          }
        />
      )}
      <DiscardChangesDialog open={askDiscard} onKeep={() => setAskDiscard(false)} onDiscard={onClose} />
    </Dialog>
  );
}
