import { listActiveCategoriesCached } from '../../categories/category';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/categories`: active categories in display order (id, name, description, color, icon, isActive). */
export const handler = httpHandler({
  route: 'GET /api/categories',
  handle: async () => ({ body: await listActiveCategoriesCached() }),
});
