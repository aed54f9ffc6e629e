import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AnswerLetter } from '@shared/constants';
import { attemptsApi } from '@shared/contract/attempts';
import { multiplayerApi } from '@shared/contract/multiplayer';
import { quizzesApi } from '@shared/contract/quizzes';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { toastError } from '@web/components/toast/toast-error';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/multiplayer/rooms`, polled every 5 seconds while the lobby is shown (§2, §9). */
export function useActiveRooms(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.multiplayerRooms,
    queryFn: () => callApi(multiplayerApi.rooms),
    enabled,
    refetchInterval: ROOM_LIMITS.roomsRefetchMs,
    select: (answer) => answer.rooms,
  });
}

/**
 * `GET /api/quizzes/search?q&category&sort=popular`: the public quizzes a room can be made with,
 * found in the whole catalogue by the search index (up to 100 matches, most played first). While
 * the next words load, the last answer stays on screen.
 */
export function useRoomQuizSearch(params: { q: string; category: string }) {
  const query = { q: params.q, category: params.category, sort: 'popular' as const };
  return useQuery({
    queryKey: queryKeys.quizzes.search(query),
    queryFn: () => callApi(quizzesApi.search, { query }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** `GET /api/quizzes/{id}`, when a page sent the member here to play that quiz together (`?quiz=`). */
export function useLinkedQuiz(id: string | null) {
  return useQuery({
    queryKey: queryKeys.quizzes.detail(id ?? ''),
    queryFn: () => callApi(quizzesApi.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

/** `POST /api/quizzes/{id}/attempt` at the end of a game; the profile's lists are read again after it. */
export function saveMultiplayerAttempt(
  queryClient: QueryClient,
  quizId: string,
  attempt: { score: number; totalQuestions: number; answers: Record<string, AnswerLetter | '-'> },
) {
  callApi(attemptsApi.save, {
    params: { id: quizId },
    body: attempt,
  })
    .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }))
    .catch(() => toastError(null, '結果の保存に失敗しました。'));
}
