import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesApi } from '@shared/contract/categories';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/categories`: active categories (id, name, description, color, icon, isActive). */
export const getCategories = () => callApi(categoriesApi.list);

export const categoriesQuery = queryOptions({ queryKey: queryKeys.categories, queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQuery);
}
