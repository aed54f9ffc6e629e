import { entity, USER_PARTITION } from '../data/keys';

/** Keys of penalties (penalty-store.ts). */
export const PenaltyKeys = entity({
  entity: 'Penalty',
  module: 'functions/admin/penalty-store.ts',
  pk: USER_PARTITION,
  sk: 'PENALTY#{issuedAt}#{suffix}',
  byCollection: { pk: 'PENALTY#UNLIFTED', sk: '{issuedAt}#{userId}' },
  notes:
    'penaltyType (`ban` / `suspension`), reason, suspensionMinutes, issuedBy, issuedAt, expiresAt (null for a ban), liftedBy/At; kept as history (goes with the account, in its partition); in `PENALTY#UNLIFTED` until lifted (the admin list of stopped members, whatever became of their reports)',
});
