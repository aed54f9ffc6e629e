import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { ReportInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';

export function useReportQuiz() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: ReportInput }) =>
      callApi(quizzesApi.report, { params: { id }, body: input }),
  });
}
