import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { UpdateQuizInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

export function useUpdateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateQuizInput }) =>
      callApi(quizzesApi.update, { params: { id }, body: input }),
    onSuccess: () => refresh(),
  });
}
