import { entity, USER_PARTITION } from '../data/keys';

/** Keys of AI generation allowances and history (usage-store.ts), in the member's partition. */
const MODULE = 'functions/ai/usage-store.ts';

export const AiUsageKeys = entity({
  entity: 'AI daily usage',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'AIUSE#{day}',
  byOwner: 'AIUSE#{day}',
  fields: { day: '`yyyy-mm-dd`, Japan time' },
  notes:
    '`used`: reserved with `used < limit` (3 free / 200 advanced) before a generation, given back when it fails; `modelCalls`: counted with `modelCalls < limit` (10 free / 300 advanced) before each model call, never given back; `ttl` a week after the day',
});

export const AiHistoryKeys = entity({
  entity: 'AI usage history',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'AIHIST#{createdAt}#{id}',
  byOwner: 'AIHIST#{createdAt}#{id}',
  notes:
    'id, userId, usageType (`text` / `pdf` / `word` / `study`), createdAt, date: one per successful generation',
});
