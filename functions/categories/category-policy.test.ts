import { describe, expect, it } from 'vitest';
import { CATEGORY_DEFAULTS } from '@shared/constants';
import { displayedCategories, type StoredCategory } from './category-policy';

const category = (id: string, name: string, sortOrder: number, isActive = true): StoredCategory => ({
  id,
  name,
  description: '',
  color: '#123456',
  icon: 'book',
  isActive,
  sortOrder,
  createdAt: '2026-11-26T00:00:00.000Z',
});

describe('the category list', () => {
  it('shows active categories by their order, then by name in Japanese order', () => {
    const shown = displayedCategories([
      category('science', '理科', 2),
      category('history', '歴史', 1),
      category('english', 'えいご', 2),
      category('old', '古い', 0, false),
    ]);
    expect(shown.map((entry) => entry.id)).toEqual(['history', 'english', 'science']);
  });

  it('shows inactive ones too only when asked, and fills what an older item lacks with the defaults', () => {
    const old = {
      ...category('old', '古い', 0, false),
      color: undefined,
      icon: undefined,
    } as unknown as StoredCategory;
    const [shown] = displayedCategories([old], { includeInactive: true });
    expect(shown).toEqual({
      id: 'old',
      name: '古い',
      description: '',
      color: CATEGORY_DEFAULTS.color,
      icon: CATEGORY_DEFAULTS.icon,
      isActive: false,
    });
  });
});
