import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shared/categories';
import { getJson } from '@web/lib/api-client';

/** `GET /api/categories`: active categories (id, name, description, color, icon, isActive). */
export const categoriesQuery = queryOptions({
  queryKey: ['/api/categories'] as const,
  queryFn: () => getJson<Category[]>('/api/categories'),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
