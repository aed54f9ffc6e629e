import type { Category } from '@shared/categories';
import { CATEGORY_DEFAULTS } from '@shared/constants';

/**
 * The rules of the category list, as pure functions of the stored categories: which are shown,
 * in which order, with which defaults.
 */

/** A category as stored, without its keys. */
export interface StoredCategory extends Category {
  sortOrder: number;
  createdAt: string;
}

/** The categories shown, in display order (`sortOrder`, then the name in Japanese order); only active ones unless `includeInactive`. */
export function displayedCategories(
  stored: readonly StoredCategory[],
  options: { includeInactive?: boolean } = {},
): Category[] {
  return stored
    .filter((category) => options.includeInactive || category.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'ja'))
    .map(toCategory);
}

function toCategory(category: StoredCategory): Category {
  return {
    id: category.id,
    name: category.name,
    description: category.description ?? '',
    color: category.color ?? CATEGORY_DEFAULTS.color,
    icon: category.icon ?? CATEGORY_DEFAULTS.icon,
    isActive: category.isActive,
  };
}
