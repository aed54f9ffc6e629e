import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/** Keys of the plays counted for the featured quiz of the week (featured.ts). */
export const DailyPlaysKeys = entity({
  entity: 'Daily plays',
  module: 'functions/quizzes/featured.ts',
  pk: QUIZ_PARTITION,
  sk: 'PLAYS#{day}',
  byCollection: { pk: 'PLAYS#{day}', sk: '{count}#{quizId}' },
  fields: {
    day: '`yyyy-mm-dd`, Japan time',
    count: 'the day’s plays, 10 digits, so a day’s quizzes read most played first',
  },
  notes:
    '`plays` added in the transaction of each finished play (exactly once), then `gsi1sk` set from it; `ttl` 8 days after the day',
});
