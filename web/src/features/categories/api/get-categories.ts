import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesApi } from '@shared/contract/categories';
import { callApi } from '@web/lib/api-client';

/** `GET /api/categories`: active categories (id, name, description, color, icon, isActive). */
export const categoriesQuery = queryOptions({
  queryKey: ['/api/categories'] as const,
  queryFn: () => callApi(categoriesApi.list),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
