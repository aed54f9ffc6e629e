import { entity, USER_PARTITION } from '../data/keys';
import { skeleton } from './skeleton';

/** Keys of accounts and of the claims that keep usernames and e-mail addresses unique (user.ts). */
const MODULE = 'functions/users/user-store.ts';

export const UserKeys = entity({
  entity: 'User (account)',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'PROFILE',
  byOwner: 'PROFILE',
  notes:
    'password as `scrypt$N$r$p$salt$hash`; `role`, `isActive`, membership (`proGranted`; `stripeCustomerId`, `stripeCheckoutSessionId`, `stripeSubscriptionId`, `subscriptionStatus`, `subscriptionCancelAtPeriodEnd`, `proExpiresAt`, `subscriptionSyncedAt`, `proFirstPaidAt`, `proLastPaidAt`: pro is decided from them at request time, functions/membership/status.ts), `suspendedUntil` (ISO or `PERMANENT`), `isEmailVerified`, `quizCount`, `quizzesCompleted`, `correctAnswers`, `answeredQuestions`, `totalPoints`, `analyticsId` (random: the person’s pseudonym in quiz analytics’ player marks, given at sign-up or at their first counted play; goes with the account, which unties the marks); `deletingAt` once its deletion began (every write of its data is refused from then on)',
});

export const UsernameClaimKeys = entity({
  entity: 'Username claim',
  module: MODULE,
  pk: 'USERNAME#{username}',
  sk: 'USERNAME',
  byOwner: 'CLAIM#USERNAME',
  fields: { username: 'NFKC lower-case username' },
  notes: '`userId`; makes usernames unique regardless of case and width',
});

export const LookAlikeClaimKeys = entity({
  entity: 'Look-alike username claim',
  module: MODULE,
  pk: 'USERNAMELIKE#{skeleton}',
  sk: 'USERNAMELIKE',
  byOwner: 'CLAIM#USERNAMELIKE',
  fields: { skeleton: 'confusable skeleton of the username' },
  notes:
    '`userId`; no two usernames that look alike (Unicode TR39 skeleton, `functions/users/skeleton.ts`); backfilled once per table by the seed (a migration marker records it)',
});

export const EmailClaimKeys = entity({
  entity: 'E-mail claim',
  module: MODULE,
  pk: 'EMAIL#{email}',
  sk: 'EMAIL',
  byOwner: 'CLAIM#EMAIL',
  fields: { email: 'lower-case address' },
  notes: '`userId`; makes addresses unique',
});

export const MigrationKeys = entity({
  entity: 'Migration marker',
  module: 'functions/users/migration-store.ts',
  pk: 'MIGRATION#{name}',
  sk: 'MIGRATION',
  notes:
    '`ranAt`; a one-off data migration run by the seed (`username-look-alike`, `pro-grant`, `search-index`, `report-lifecycle`) ran on this table',
});

/** The claims an account holds; they are deleted with the profile, last. */
export const CLAIM_KEYS = [UsernameClaimKeys, LookAlikeClaimKeys, EmailClaimKeys] as const;

export const userKey = (userId: string) => UserKeys.key({ userId });

/** Usernames are unique regardless of case and width (NFKC, lower case). */
export const usernameKey = (username: string) =>
  UsernameClaimKeys.key({ username: username.normalize('NFKC').toLowerCase() });

/** No two usernames that look alike (`admin`, Cyrillic `аdmin`, `admiṅ`): one claim per skeleton. */
export const usernameLikeKey = (username: string) => LookAlikeClaimKeys.key({ skeleton: skeleton(username) });

export const emailKey = (email: string) => EmailClaimKeys.key({ email: email.trim().toLowerCase() });
