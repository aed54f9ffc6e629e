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
    '`plays` (multiplayer players), `players` (distinct people first counted by a game), `scoreSum` (the plays’ percent right, in hundredths of a percent); one `ADD` per finished game. A finished solo play adds to the quiz item’s `analyticsPlays`, `analyticsPlayers`, `analyticsScoreSum` instead (in the `ADD` that counts the play there, no write of its own); the figures are the sums of both',
});

export const AnalyticsPlayerKeys = entity({
  entity: 'Analytics player mark',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'QPLAYER#{analyticsId}',
  fields: {
    analyticsId:
      'the person’s analytics pseudonym (their profile’s `analyticsId`, random, deleted with the account), never their user id',
  },
  notes:
    '`firstAt`; put with `attribute_not_exists` at a person’s first counted play (their first solo play or a game), which is what counts them once among the players; no user id and not in the owner index (one write unit), so it stays, untied to anyone, when the account goes; goes with the quiz',
});
