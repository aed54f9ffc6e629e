import { focusedStudyApi } from '@shared/contract/focused-study';
import { startSavedRun } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `POST /api/focused-study/start-saved-session/{setId}`: a `saved_` run of the set; counts the play. */
export const handler = httpHandler(focusedStudyApi.startSavedSession, async ({ user, params }) => ({
  status: 201,
  body: await startSavedRun(user.id, params.setId),
}));
