import type { QueryClient } from '@tanstack/react-query';
import type { AnswerLetter } from '@shared/constants';
import { attemptsApi } from '@shared/contract/attempts';
import { toastError } from '@web/components/toast/toast-error';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `POST /api/quizzes/{id}/attempt` at the end of a game; the profile's lists are read again after it. */
export function saveMultiplayerAttempt(
  queryClient: QueryClient,
  quizId: string,
  attempt: {
    score: number;
    totalQuestions: number;
    answers: Record<string, AnswerLetter | '-'>;
    roomId: string;
  },
) {
  callApi(attemptsApi.save, {
    params: { id: quizId },
    body: attempt,
  })
    .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }))
    .catch(() => toastError(null, '結果の保存に失敗しました。'));
}
