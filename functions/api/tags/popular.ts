import { tagsApi } from '@shared/contract/tags';
import { httpHandler } from '../http';
import { popularTags } from '../../tags/tag';

/**
 * `GET /api/tags?limit`: the most used active tags with how many public, visible quizzes carry
 * each, right after every create, edit, hide, restore and delete (read every time, kept by no one).
 */
export const handler = httpHandler(tagsApi.popular, async ({ query }) => ({
  body: await popularTags(query.limit),
}));
