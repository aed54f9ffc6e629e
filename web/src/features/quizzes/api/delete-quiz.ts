import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

export function useDeleteQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async (id: string) => callApi(quizzesApi.delete, { params: { id } }),
    onSuccess: () => refresh(),
  });
}
