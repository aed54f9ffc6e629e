import { pathToFileURL } from 'node:url';
import { createMissingCategories } from '@functions/categories/category';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { getConfig } from '@functions/lib/config';

/**
 * Seeds a stage's table. Idempotent: only what is missing is created. Categories go to every
 * stage; local demo accounts and sample quizzes join as their features land.
 */
export async function seed(): Promise<{ categoriesCreated: number }> {
  const categoriesCreated = await createMissingCategories(SEED_CATEGORIES);
  return { categoriesCreated };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = getConfig();
  console.log(`seeding table ${config.tableName} (stage ${config.stage})`);
  seed()
    .then((result) => console.log(`done: ${result.categoriesCreated} categories created`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
