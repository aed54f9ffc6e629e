import type { Category } from '@shared/categories';
import { ReferenceCache } from '../lib/reference-cache';
import { displayedCategories } from './category-policy';
import { putCategoryIfMissing, storedCategories } from './category-store';

/** Categories: the list every home and search page shows, and the seed that creates it. */

const cache = new ReferenceCache<Category[]>();

/**
 * Active categories, kept in a warm function (`ReferenceCache`): they are read on every home and
 * search page and change only through operator tools.
 */
export const listActiveCategoriesCached = (now = Date.now()): Promise<Category[]> =>
  cache.get(async () => displayedCategories(await storedCategories()), now);

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
