import { useMutation } from '@tanstack/react-query';
import { classroomApi } from '@shared/contract/classroom';
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
 * `GET /api/classroom/games/{gameId}/results.csv`: read as a blob through the API helper (so a
 * refusal is an error to show, not a saved error page), then saved under the server's name.
 */
export async function downloadClassResults({ gameId, quizTitle }: { gameId: string; quizTitle: string }) {
  const response = await apiRequest('GET', routeUrl(classroomApi.resultsCsv, { params: { gameId } }));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `${quizTitle}_結果.csv`);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is let go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadClassResults() {
  return useMutation({ mutationFn: downloadClassResults });
}
