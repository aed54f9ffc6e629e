import { entity } from '../data/keys';

/** Keys of the categories (category.ts). */
export const CategoryKeys = entity({
  entity: 'Category',
  module: 'functions/categories/category.ts',
  pk: 'CATEGORY',
  sk: '{categoryId}',
  fields: { categoryId: 'slug' },
  notes: 'small reference list, one partition; `sortOrder`, `isActive`',
});
