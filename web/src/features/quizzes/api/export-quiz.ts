import { useMutation } from '@tanstack/react-query';
import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import type { SheetFormat } from '@shared/spreadsheets';
import { apiRequest, routeUrl } from '@web/lib/api-client';

/** The name the server gives the file (`filename*`, RFC 5987), else the quiz's title. */
function fileNameOf(response: Response, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  try {
    return encoded ? decodeURIComponent(encoded) : fallback;
  } catch {
    return fallback;
  }
}

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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `${quiz.title}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is let go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportQuiz() {
  return useMutation({ mutationFn: exportQuiz });
}
