import { useMutation } from '@tanstack/react-query';
import { classroomApi } from '@shared/contract/classroom';
import { apiRequest, routeUrl } from '@web/lib/api-client';
import { saveResponse } from '@web/lib/download';

/**
 * `GET /api/classroom/games/{gameId}/results.csv`: read as a blob through the API helper (so a
 * refusal is an error to show, not a saved error page), then saved under the server's name.
 */
export async function downloadClassResults({ gameId, quizTitle }: { gameId: string; quizTitle: string }) {
  const response = await apiRequest('GET', routeUrl(classroomApi.resultsCsv, { params: { gameId } }));
  await saveResponse(response, `${quizTitle}_結果.csv`);
}

export function useDownloadClassResults() {
  return useMutation({ mutationFn: downloadClassResults });
}
