import type { Category } from '@shared/categories';
import { CATEGORY_DEFAULTS } from '@shared/constants';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { getConfig } from '../lib/config';
import { CategoryKeys } from './category-keys';

/**
 * Categories live in one partition (`pk = CATEGORY`, `sk = <id>`): the list is small, read on
 * every home page, and served by a single Query.
 */
interface CategoryItem extends Category {
  pk: string;
  sk: string;
  sortOrder: number;
  createdAt: string;
}

/** All categories in display order; only active ones unless `includeInactive`. */
async function listCategories(options: { includeInactive?: boolean } = {}): Promise<Category[]> {
  const items = await queryAll<CategoryItem>({ partition: CategoryKeys.pk() });
  return items
    .filter((item) => options.includeInactive || item.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'ja'))
    .map(toCategory);
}

let cache: { at: number; categories: Category[] } | undefined;

/**
 * Active categories, kept for `REFERENCE_CACHE_SECONDS` in a warm function: they are read on
 * every home and search page and change only through operator tools, so a minute of staleness
 * buys a DynamoDB read per page view.
 */
export async function listActiveCategoriesCached(now = Date.now()): Promise<Category[]> {
  const ttlMs = getConfig().referenceCacheSeconds * 1000;
  if (cache && now - cache.at < ttlMs) return cache.categories;
  const categories = await listCategories();
  cache = { at: now, categories };
  return categories;
}

function toCategory(item: CategoryItem): Category {
  return {
    id: item.id,
    name: item.name,
    description: item.description ?? '',
    color: item.color ?? CATEGORY_DEFAULTS.color,
    icon: item.icon ?? CATEGORY_DEFAULTS.icon,
    isActive: item.isActive,
  };
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
    const item: CategoryItem = {
      ...CategoryKeys.key({ categoryId: category.id }),
      ...category,
      description: category.description ?? '',
      createdAt: createdAt.toISOString(),
    };
    try {
      await db.put({ Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
      created += 1;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  return created;
}
