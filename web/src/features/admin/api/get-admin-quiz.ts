import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';

/** `GET /api/admin/quizzes/{id}`: a quiz with its answer key, for the detail dialog. */
export const getAdminQuiz = (id: string) => callApi(adminApi.quiz, { params: { id } });
