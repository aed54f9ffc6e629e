import { pathToFileURL } from 'node:url';
import { createMissingCategories } from '@functions/categories/category';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { getConfig } from '@functions/lib/config';
import { ConflictError, toAppError } from '@functions/lib/errors';
import { seedQuiz } from '@functions/quizzes/quiz';
import { migrateReports } from '@functions/quizzes/report-store';
import { backfillSearchOnce } from '@functions/search/backfill';
import {
  backfillLookAlikeClaims,
  migrateStoredMembershipFlag,
  findUserByUsername,
  type UserItem,
} from '@functions/users/user-store';
import { createUser, type NewUser } from '@functions/users/user';
import { OFFICIAL_AUTHOR_NAME } from '@shared/users';
import { SAMPLE_QUIZZES } from './seed-data/sample-quizzes';

/**
 * Demo accounts for the local stage only (docs/brief/ARCHITECTURE.md §2); never created on a deployed stage.
 * Their passwords are public (README), so their hashes are made once here rather than at every
 * seed (three hashes at OWASP's cost cost seconds of every test file that seeds); each verifies its
 * `password` at today's cost (scripts/seed.test.ts).
 */
export const LOCAL_DEMO_ACCOUNTS: readonly (NewUser & { password: string; passwordHash: string })[] = [
  {
    username: 'admin',
    password: 'Admin#2026',
    passwordHash:
      'scrypt$131072$8$1$aGRTWTpymehVeWCwNYBMQw==$2aygufJ/P1hkKuiv1Ym+15tqej4lOqVx3sG4G+Cet3khCjF5BfgSeCjMo3xfhMQfSc7C/WsGR4cebdTIzrqvkA==',
    nickname: '管理者',
    email: 'admin@example.com',
    role: 'admin',
    isEmailVerified: true,
  },
  {
    username: 'pro',
    password: 'Pro#2026pass',
    passwordHash:
      'scrypt$131072$8$1$ssoN5S2Eeh/L88wcNcYyww==$j/KygfVuNXiqBaKR8mnGYOm65rQQBDrU7lr/H6obHn0sLVDXgfL6HWExM91L6CyidMNTR9EgRrjs6Zw1kECZuQ==',
    nickname: 'プロ会員',
    email: 'pro@example.com',
    // A granted membership: no subscription, no end (membership/status.ts).
    proGranted: true,
    isEmailVerified: true,
  },
  {
    username: 'demo',
    password: 'Demo#2026pass',
    passwordHash:
      'scrypt$131072$8$1$C/bbfBtwBZi1x/KTFghS/g==$PUCWKHcQ9bLAjtlUFpxR7Wnhsflki4X8sM6utV9BD/lJKO6sSVGWfi0LFOYcCBShmmKSkfUN/UTCJ15JeiKmcQ==',
    nickname: 'デモユーザー',
    email: 'demo@example.com',
    isEmailVerified: true,
  },
];

/**
/**
 * Whether the table is a local stage's, on DynamoDB Local: demo accounts (public passwords) are
 * never seeded into a table in AWS, even by a seed run by hand with `STAGE=local`.
 */
function onThisMachine(): boolean {
  const { isLocal, endpoints } = getConfig();
  const host = endpoints.dynamodb ? new URL(endpoints.dynamodb).hostname : undefined;
  return isLocal && (host === '127.0.0.1' || host === 'localhost' || host === '[::1]');
}

/**
 * The editorial account that authors the sample quizzes. It has no password: nobody signs in to
 * it (a sign-in finds no hash and fails as a wrong password does).
 */
const EDITORIAL: NewUser = {
  username: 'minnano_quiz',
  nickname: OFFICIAL_AUTHOR_NAME,
  email: null,
};

async function editorialAccount(): Promise<UserItem> {
  const existing = await findUserByUsername(EDITORIAL.username);
  if (existing) return existing;
  try {
    return await createUser(EDITORIAL);
  } catch (error) {
    // A parallel seed made it first (a taken claim, or a transaction that stayed busy).
    if (!(toAppError(error) instanceof ConflictError)) throw error;
    return (await findUserByUsername(EDITORIAL.username))!;
  }
}

/**
 * Seeds a stage's table. Idempotent: only what is missing is created. Categories go to every
 * stage with the sample quizzes; demo accounts to the local stage only.
 */
export async function seed(): Promise<{
  categoriesCreated: number;
  accountsCreated: number;
  quizzesCreated: number;
}> {
  const categoriesCreated = await createMissingCategories(SEED_CATEGORIES);
  // Accounts made before look-alike usernames were claimed get their claim (once per table).
  await backfillLookAlikeClaims();
  // Accounts made while `isPro` was stored: a stored `isPro: true` becomes a granted membership.
  await migrateStoredMembershipFlag();
  // Reports made before their status lifecycle: into their status's collection, owned by their reporter.
  await migrateReports();
  const editorial = await editorialAccount();
  let quizzesCreated = 0;
  // Spread creation times so "newest" has a stable, meaningful order.
  const base = Date.now() - SAMPLE_QUIZZES.length * 3_600_000;
  for (const [index, sample] of SAMPLE_QUIZZES.entries()) {
    if (await seedQuiz(editorial, sample.id, sample.data, new Date(base + index * 3_600_000)))
      quizzesCreated += 1;
  }
  let accountsCreated = 0;
  if (onThisMachine()) {
    for (const account of LOCAL_DEMO_ACCOUNTS) {
      if (await findUserByUsername(account.username)) continue;
      try {
        // A test suite's stack (`PASSWORD_HASH_COST=fast`) hashes them at its own cost instead.
        const { passwordHash, ...plain } = account;
        await createUser(getConfig().passwordHashCost === 'owasp' ? { ...plain, passwordHash } : plain);
        accountsCreated += 1;
      } catch (error) {
        if (!(toAppError(error) instanceof ConflictError)) throw error;
      }
    }
  }
  // Quizzes written before the table had its stream and the search indexer get indexed (once per table).
  await backfillSearchOnce();
  return { categoriesCreated, accountsCreated, quizzesCreated };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = getConfig();
  console.log(`seeding table ${config.tableName} (stage ${config.stage})`);
  seed()
    .then((result) =>
      console.log(
        `done: ${result.categoriesCreated} categories, ${result.accountsCreated} accounts, ${result.quizzesCreated} quizzes created`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
