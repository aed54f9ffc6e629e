import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/** Keys of plays (attempt-store.ts): in the quiz's partition, owned by the player. */
const MODULE = 'functions/quizzes/attempt-store.ts';

export const AttemptKeys = entity({
  entity: 'Attempt',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'ATTEMPT#{attemptId}',
  byOwner: 'ATTEMPT#{completedAt}#{quizId}',
  fields: { attemptId: '`<quizId>~<uuid>`' },
  notes: 'server-scored score, totalQuestions, answers (question id → letter or `-`), answersByIndex, rating',
});

export const PlayerKeys = entity({
  entity: 'Player mark',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'PLAYER#{userId}',
  byOwner: 'PLAYER#{quizId}',
  notes:
    "first play of a person: `participantCount` counts people, `totalPlayers` plays; `lastPlayedDay` (Japan time), moved forward by the person's first play of a day, which is what counts them once a day for the featured quiz; the person's `rating` of the quiz",
});

export const ProgressKeys = entity({
  entity: 'Play progress',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'PROGRESS#{userId}',
  byOwner: 'PROGRESS#{quizId}',
  notes: 'answers so far; `ttl` one day',
});

/** An attempt's id names its quiz, so the attempt is found in the quiz's partition. */
export const attemptKey = (attemptId: string) =>
  AttemptKeys.key({ quizId: attemptId.split('~')[0]!, attemptId });
