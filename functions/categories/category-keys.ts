import { entity } from '../data/keys';

/** Keys of the categories (category-store.ts). */
export const CategoryKeys = entity({
  entity: 'Category',
  module: 'functions/categories/category-store.ts',
  pk: 'CATEGORY',
  sk: '{categoryId}',
  fields: { categoryId: 'slug' },
  notes: 'small reference list, one partition; `sortOrder`, `isActive`',
});
