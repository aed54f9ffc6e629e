import {
  answerCheckResultSchema,
  answerCheckSchema,
  attemptIdParamsSchema,
  attemptRatedSchema,
  attemptResultSchema,
  attemptSchema,
  progressSavedSchema,
  progressSchema,
  ratingSchema,
} from '../attempts';
import { quizIdParamsSchema } from '../quiz-schemas';
import { defineRoute } from './define';

/** Playing a quiz: one answer checked, the answers so far, the finished attempt and its rating (docs/spec/core-platform.md §3, §7). */
export const attemptsApi = {
  /** Not named by the spec: solo play learns each answer once given (the quiz read has no answer key). */
  check: defineRoute('POST /api/quizzes/{id}/check', {
    params: quizIdParamsSchema,
    body: answerCheckSchema,
    response: answerCheckResultSchema,
  }),
  save: defineRoute('POST /api/quizzes/{id}/attempt', {
    params: quizIdParamsSchema,
    body: attemptSchema,
    response: attemptResultSchema,
  }),
  saveProgress: defineRoute('POST /api/quizzes/{id}/attempt/progress', {
    params: quizIdParamsSchema,
    body: progressSchema,
    response: progressSavedSchema,
  }),
  rate: defineRoute('PATCH /api/quiz-attempts/{id}/rating', {
    params: attemptIdParamsSchema,
    body: ratingSchema,
    response: attemptRatedSchema,
  }),
};
