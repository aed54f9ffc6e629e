import { focusedStudyApi } from '@shared/contract/focused-study';
import { setFavorite } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `PUT /api/focused-study/saved-question-sets/{setId}/favorite`: `{ isFavorite }`, or turns the mark over. */
export const handler = httpHandler(focusedStudyApi.favoriteSet, async ({ user, params, body }) => ({
  body: await setFavorite(user.id, params.setId, body.isFavorite),
}));
