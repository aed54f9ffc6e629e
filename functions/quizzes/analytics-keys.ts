import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/**
 * Keys of a quiz's analytics for its author (analytics-store.ts): counters in the quiz's partition
 * (they go when it goes), each grown by `ADD` outside any play's transaction.
 */
const MODULE = 'functions/quizzes/analytics-store.ts';

export const QuestionStatsKeys = entity({
  entity: 'Question statistics',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'QSTAT#{version}',
  fields: {
    version:
      'the question’s version: a hash of its text, options and answer (`-2`, `-3` for a second, third identical question of the quiz), so an edited question counts from nothing',
  },
  notes:
    '`A`–`D` (answers per option: how many answered and how many were right follow from them, a version having one right answer), `timeSum` (ms) and `timed` (answers that carried their time); one `ADD` per answered question of a finished play, one per multiplayer reveal',
});

export const QuizStatsKeys = entity({
  entity: 'Quiz statistics',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'ANALYTICS',
  notes:
    '`plays` (finished solo plays and multiplayer players), `players` (distinct people), `scoreSum` (the plays’ percent right, in hundredths of a percent); one `ADD` per finished play or game',
});

export const AnalyticsPlayerKeys = entity({
  entity: 'Analytics player mark',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'QPLAYER#{userId}',
  byOwner: 'QPLAYER#{quizId}',
  notes:
    '`firstAt`; put with `attribute_not_exists` at a person’s first counted play (solo or multiplayer), which is what counts them once in `players`; goes with the quiz and with the account',
});
