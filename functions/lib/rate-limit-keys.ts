import { entity } from '../data/keys';

/** Keys of the rate-limit counters (rate-limit-store.ts). */
export const RateWindowKeys = entity({
  entity: 'Rate-limit window',
  module: 'functions/lib/rate-limit-store.ts',
  pk: 'RATE#{purpose}',
  sk: '{windowStart}',
  fields: {
    purpose: 'what is limited and for whom, e.g. `ai-generate#<userId>`',
    windowStart: 'epoch seconds',
  },
  notes:
    "`hits` counted with a conditional `ADD`, read together with the previous window; e.g. registration and reset mails: 5 per address per hour. `ws#<connectionId>` counts the messages per second of a socket that has no connection item (any other's are counted on its item) with a plain `ADD` (`countUse`)",
});
