import { TAG_MESSAGES } from '@shared/tags';
import { tagsApi } from '@shared/contract/tags';
import { httpHandler } from '../http';
import { updateTag } from '../../tags/tag';

/** `PATCH /api/admin/tags/{id}` `{ name?, color?, isActive? }`: renaming onto another tag's name merges the two. */
export const handler = httpHandler(tagsApi.adminUpdate, async ({ params, body, user }) => {
  const { tag, merged } = await updateTag(user, params.id, body);
  return { body: { ...tag, message: merged ? TAG_MESSAGES.merged(tag.name) : TAG_MESSAGES.updated } };
});
