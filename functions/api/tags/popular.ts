import { tagsApi } from '@shared/contract/tags';
import { getConfig } from '../../lib/config';
import { httpHandler } from '../http';
import { popularTags } from '../../tags/tag';

/**
 * `GET /api/tags?limit`: the most used active tags with how many public, visible quizzes carry each.
 * The same for everyone, so browsers keep it as long as a warm function does (tag.ts).
 */
export const handler = httpHandler(tagsApi.popular, async ({ query }) => {
  const seconds = getConfig().referenceCacheSeconds;
  return {
    body: await popularTags(query.limit),
    ...(seconds > 0 ? { headers: { 'cache-control': `public, max-age=${seconds}` } } : {}),
  };
});
