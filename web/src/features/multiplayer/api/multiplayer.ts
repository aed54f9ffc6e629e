import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type AnswerLetter } from '@shared/constants';
import { attemptsApi } from '@shared/contract/attempts';
import { multiplayerApi } from '@shared/contract/multiplayer';
import { quizzesApi } from '@shared/contract/quizzes';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { toastError } from '@web/components/toast/toast-error';
import { callApi } from '@web/lib/api-client';
import { quizKeys } from '@web/features/quizzes/api/quizzes';

export const activeRoomsKey = ['/api/multiplayer/rooms'] as const;

/** `GET /api/multiplayer/rooms`, polled every 5 seconds while the lobby is shown (§2, §9). */
export function useActiveRooms(enabled: boolean) {
  return useQuery({
    queryKey: activeRoomsKey,
    queryFn: () => callApi(multiplayerApi.rooms),
    enabled,
    refetchInterval: ROOM_LIMITS.roomsRefetchMs,
    select: (answer) => answer.rooms,
  });
}

/** `GET /api/quizzes?limit=50`: the quizzes a room can be made with (id, title, description, questionCount). */
export function useQuizChoices() {
  const query = { limit: String(LIMITS.homeQuizListLimit) };
  return useQuery({
    queryKey: quizKeys.list(query),
    queryFn: () => callApi(quizzesApi.list, { query }),
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
    .then(() =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/quizzes'),
      }),
    )
    .catch(() => toastError(null, '結果の保存に失敗しました。'));
}
