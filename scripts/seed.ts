import { pathToFileURL } from 'node:url';
import { createMissingCategories } from '@functions/categories/category';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { getConfig } from '@functions/lib/config';
import { ConflictError } from '@functions/lib/errors';
import { createUser, findUserByUsername, type NewUser } from '@functions/users/user';

/** Demo accounts for the local stage only (ARCHITECTURE §2); never created on a deployed stage. */
export const LOCAL_DEMO_ACCOUNTS: readonly NewUser[] = [
  {
    username: 'admin',
    password: 'Admin#2026',
    nickname: '管理者',
    email: 'admin@example.com',
    role: 'admin',
    isEmailVerified: true,
  },
  {
    username: 'pro',
    password: 'Pro#2026pass',
    nickname: 'プロ会員',
    email: 'pro@example.com',
    isPro: true,
    isEmailVerified: true,
  },
  {
    username: 'demo',
    password: 'Demo#2026pass',
    nickname: 'デモユーザー',
    email: 'demo@example.com',
    isEmailVerified: true,
  },
];

/**
 * Seeds a stage's table. Idempotent: only what is missing is created. Categories go to every
 * stage; demo accounts to the local stage; sample quizzes join with their feature.
 */
export async function seed(): Promise<{ categoriesCreated: number; accountsCreated: number }> {
  const categoriesCreated = await createMissingCategories(SEED_CATEGORIES);
  let accountsCreated = 0;
  if (getConfig().isLocal) {
    for (const account of LOCAL_DEMO_ACCOUNTS) {
      if (await findUserByUsername(account.username)) continue;
      try {
        await createUser(account);
        accountsCreated += 1;
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
  }
  return { categoriesCreated, accountsCreated };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = getConfig();
  console.log(`seeding table ${config.tableName} (stage ${config.stage})`);
  seed()
    .then((result) =>
      console.log(`done: ${result.categoriesCreated} categories, ${result.accountsCreated} accounts created`),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
