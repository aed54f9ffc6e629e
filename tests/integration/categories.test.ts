import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema } from '@shared/categories';
import { CategoryKeys } from '@functions/categories/category-keys';
import { db } from '@functions/data/db';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';

let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

describe('GET /api/categories', () => {
  it('lists the seeded categories in display order, each with colour and icon', async () => {
    const response = await new TestClient(gateway.url).get('/api/categories');
    expect(response.status).toBe(200);
    const categories = categoryListSchema.parse(response.json);
    expect(categories.map((category) => category.name)).toEqual([
      '科学',
      '一般知識',
      '歴史',
      'スポーツ',
      'エンターテイメント',
      '料理',
      '資格',
      '地理',
    ]);
    for (const category of categories) {
      expect(category.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(category.icon).not.toBe('');
      expect(category.isActive).toBe(true);
    }
  });

  it('leaves out inactive categories', async () => {
    await db.update({
      Key: CategoryKeys.key({ categoryId: 'cooking' }),
      UpdateExpression: 'SET isActive = :no',
      ExpressionAttributeValues: { ':no': false },
    });
    const response = await new TestClient(gateway.url).get('/api/categories');
    expect((response.json as { name: string }[]).map((category) => category.name)).not.toContain('料理');
  });

  it('seeds idempotently: a second run creates nothing and keeps operator changes', async () => {
    expect(await seed()).toEqual({ categoriesCreated: 0, accountsCreated: 0, quizzesCreated: 0 });
    const response = await new TestClient(gateway.url).get('/api/categories');
    expect((response.json as unknown[]).length).toBe(7);
  });
});

describe('category cache', () => {
  it('serves a warm function from memory for the configured time, then reads again', async () => {
    const { listActiveCategoriesCached } = await import('@functions/categories/category');
    const { resetConfigForTests } = await import('@functions/lib/config');
    process.env.REFERENCE_CACHE_SECONDS = '60';
    resetConfigForTests();
    try {
      // Clock values after anything earlier requests cached, so the first call reads the table.
      const base = Date.now() + 3_600_000;
      const first = await listActiveCategoriesCached(base);
      await db.update({
        Key: CategoryKeys.key({ categoryId: 'science' }),
        UpdateExpression: 'SET isActive = :no',
        ExpressionAttributeValues: { ':no': false },
      });
      expect(await listActiveCategoriesCached(base + 59_000)).toEqual(first);
      const later = await listActiveCategoriesCached(base + 61_000);
      expect(later.map((category) => category.id)).not.toContain('science');
    } finally {
      process.env.REFERENCE_CACHE_SECONDS = '0';
      resetConfigForTests();
    }
  });
});
