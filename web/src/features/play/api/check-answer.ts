import type { AnswerCheckInput } from '@shared/attempts';
import { attemptsApi } from '@shared/contract/attempts';
import { callApi } from '@web/lib/api-client';

/** `POST /api/quizzes/{id}/check`: one answer checked; the right answer and explanation come with it. */
export const checkAnswer = (quizId: string, input: AnswerCheckInput) =>
  callApi(attemptsApi.check, { params: { id: quizId }, body: input });
