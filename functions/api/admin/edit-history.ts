import { hiddenEditHistory } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `GET /api/admin/quizzes/{id}/edit-history`: the edits made while the quiz was hidden. */
export const handler = httpHandler(adminApi.editHistory, async ({ params }) => ({
  body: await hiddenEditHistory(params.id),
}));
