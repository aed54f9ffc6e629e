import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import type { StoredCategory } from './category-policy';
import { CategoryKeys } from './category-keys';

/**
 * Categories live in one partition (`pk = CATEGORY`, `sk = <id>`): the list is small, read on
 * every home page, and served by a single Query.
 */

/** Every stored category, active or not, in no particular order. */
export const storedCategories = () => queryAll<StoredCategory>({ partition: CategoryKeys.pk() });

/** Writes the category unless one with its id exists (an operator may have changed it); true when written. */
export async function putCategoryIfMissing(category: StoredCategory): Promise<boolean> {
  try {
    await db.put({
      Item: { ...CategoryKeys.key({ categoryId: category.id }), ...category },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return false;
  }
}
