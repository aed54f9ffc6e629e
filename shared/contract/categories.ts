import { categoryListSchema } from '../categories';
import { defineRoute } from './define';

export const categoriesApi = {
  list: defineRoute('GET /api/categories', { response: categoryListSchema }),
};
