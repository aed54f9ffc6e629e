import { listActiveCategoriesCached } from '../../categories/category';
import { categoriesApi } from '@shared/contract/categories';
import { httpHandler } from '../http';

/** `GET /api/categories`: active categories in display order (id, name, description, color, icon, isActive). */
export const handler = httpHandler(categoriesApi.list, async () => ({
  body: await listActiveCategoriesCached(),
}));
