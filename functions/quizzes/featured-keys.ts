import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/** Keys of the players counted for the featured quiz of the week (featured-store.ts). */
export const DailyPlayersKeys = entity({
  entity: 'Daily players',
  module: 'functions/quizzes/featured-store.ts',
  pk: QUIZ_PARTITION,
  sk: 'DAYPLAYERS#{day}',
  byCollection: { pk: 'DAYPLAYERS#{day}', sk: '{count}#{quizId}' },
  fields: {
    day: '`yyyy-mm-dd`, Japan time',
    count: 'the day’s distinct players, 10 digits, so a day’s quizzes read most played first',
  },
  notes:
    "`players` added (`ADD`, the new count returned) once a member's first finished play of the quiz that day is saved (that play's transaction moves their player mark's `lastPlayedDay` to the day, so an account counts once a day however often it plays), then `gsi1sk` set from it; `ttl` 8 days after the day",
});
