import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import { exportQuiz } from '../../spreadsheets/spreadsheet';
import { httpHandler } from '../http';

/** `GET /api/my-quizzes/{id}/export?format=csv|xlsx`: the quiz's questions as a file, for its author and administrators. */
export const handler = httpHandler(spreadsheetsApi.exportQuiz, async ({ params, query, user }) => ({
  body: await exportQuiz(user, params.id, query.format),
}));
