import type { ProgressInput } from '@shared/attempts';
import { attemptsApi } from '@shared/contract/attempts';
import { callApi } from '@web/lib/api-client';

/**
 * `POST /api/quizzes/{id}/attempt/progress`: sent at each answer, alone or in a room; a failure is
 * only logged.
 */
export function sendProgress(quizId: string, answers: ProgressInput['answers']) {
  callApi(attemptsApi.saveProgress, { params: { id: quizId }, body: { answers } }).catch((error: unknown) =>
    console.warn('progress not saved', error),
  );
}
