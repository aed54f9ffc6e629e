import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';

/** `GET /api/admin/quizzes/{id}/edit-history`: the author's edits, for the detail dialog. */
export const getEditHistory = (id: string) => callApi(adminApi.editHistory, { params: { id } });
