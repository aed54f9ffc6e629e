import { useEffect, useState } from 'react';
import type { QuizDetail } from '@shared/quiz-schemas';
import { toastError } from '@web/components/toast/toast-error';
import { Dialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import type { EditHistoryEntry } from '@shared/admin';
import { getAdminQuiz } from '../api/get-admin-quiz';
import { getEditHistory } from '../api/get-edit-history';
import { EditHistoryList } from './edit-history-list';

/** What the detail dialog shows: a flagged quiz's questions, or its edits while it was hidden. */
export interface AdminDetail {
  kind: 'quiz' | 'history';
  id: string;
  title: string;
}

/**
 * A flagged quiz's questions with their answers, or its edit history while hidden. Read once when
 * it opens; a failure closes it with an error toast.
 */
export function AdminDetailDialog(props: AdminDetail & { onClose: () => void }) {
  const [quiz, setQuiz] = useState<QuizDetail | null>(null);
  const [history, setHistory] = useState<EditHistoryEntry[] | null>(null);
  const { kind, id, onClose } = props;
  useEffect(() => {
    let cancelled = false;
    const fail = (message: string) => () => {
      if (cancelled) return;
      toastError(null, message);
      onClose();
    };
    if (kind === 'quiz')
      getAdminQuiz(id).then(
        (found) => !cancelled && setQuiz(found),
        fail('クイズ詳細の取得に失敗しました。'),
      );
    else
      getEditHistory(id).then(
        (found) => !cancelled && setHistory(found),
        fail('編集履歴の取得に失敗しました。'),
      );
    return () => {
      cancelled = true;
    };
  }, [kind, id, onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={`${props.kind === 'quiz' ? 'クイズ詳細' : '編集履歴（非表示期間中）'}: ${props.title}`}
      size="wide"
    >
      {props.kind === 'quiz' ? (
        quiz ? (
          <QuizQuestions quiz={quiz} />
        ) : (
          <Spinner />
        )
      ) : history === null ? (
        <Spinner />
      ) : history.length === 0 ? (
        <p className="state">非表示期間中の編集履歴はありません。</p>
      ) : (
        <EditHistoryList history={history} />
      )}
    </Dialog>
  );
}

/** The quiz's questions, each with its options and correct answer. */
function QuizQuestions({ quiz }: { quiz: QuizDetail }) {
  return (
    <ol className="admin-questions">
      {quiz.questions.map((question) => (
        <li key={question.id}>
          <p className="mistakes__question">{question.questionText}</p>
          <p>
            {(['A', 'B', 'C', 'D'] as const)
              .filter((letter) => question[`option${letter}`])
              .map((letter) => `${letter}: ${question[`option${letter}`]}`)
              .join(' ／ ')}
          </p>
          <p className="mistakes__correct">正解: {question.correctAnswer}</p>
        </li>
      ))}
    </ol>
  );
}
