import { useMutation } from '@tanstack/react-query';
import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import type { SheetFormat } from '@shared/spreadsheets';
import { apiRequest, routeUrl } from '@web/lib/api-client';
import { saveResponse } from '@web/lib/download';

/**
 * Downloads a quiz's questions as a CSV or Excel file (`GET /api/my-quizzes/{id}/export`): read
 * as a blob through the API helper (so a refusal is an error to show, not a saved error page),
 * then saved under the server's name.
 */
export async function exportQuiz({
  quiz,
  format,
}: {
  quiz: { id: string; title: string };
  format: SheetFormat;
}) {
  const response = await apiRequest(
    'GET',
    routeUrl(spreadsheetsApi.exportQuiz, { params: { id: quiz.id }, query: { format } }),
  );
  await saveResponse(response, `${quiz.title}.${format}`);
}

export function useExportQuiz() {
  return useMutation({ mutationFn: exportQuiz });
}
