import type { Category } from '@shared/categories';
import { getConfig } from '../lib/config';
import { displayedCategories } from './category-policy';
import { putCategoryIfMissing, storedCategories } from './category-store';

/** Categories: the list every home and search page shows, and the seed that creates it. */

let cache: { at: number; categories: Category[] } | undefined;

/**
 * Active categories, kept for `REFERENCE_CACHE_SECONDS` in a warm function: they are read on
 * every home and search page and change only through operator tools, so a minute of staleness
 * buys a DynamoDB read per page view.
 */
export async function listActiveCategoriesCached(now = Date.now()): Promise<Category[]> {
  const ttlMs = getConfig().referenceCacheSeconds * 1000;
  if (cache && now - cache.at < ttlMs) return cache.categories;
  const categories = displayedCategories(await storedCategories());
  cache = { at: now, categories };
  return categories;
}

export interface CategoryInput extends Omit<Category, 'description'> {
  description?: string;
  sortOrder: number;
}

/**
 * Creates the categories that do not exist yet and leaves existing ones alone (an operator may
 * have renamed or deactivated them), so seeding is idempotent. Returns how many were created.
 */
export async function createMissingCategories(
  categories: readonly CategoryInput[],
  createdAt = new Date(),
): Promise<number> {
  let created = 0;
  for (const category of categories) {
    const written = await putCategoryIfMissing({
      ...category,
      description: category.description ?? '',
      createdAt: createdAt.toISOString(),
    });
    if (written) created += 1;
  }
  return created;
}
