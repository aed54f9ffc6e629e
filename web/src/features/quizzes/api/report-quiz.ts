import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { ReportInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';

/** `POST /api/quizzes/{id}/report`. */
export const reportQuiz = ({ id, input }: { id: string; input: ReportInput }) =>
  callApi(quizzesApi.report, { params: { id }, body: input });

export function useReportQuiz() {
  return useMutation({ mutationFn: reportQuiz });
}
