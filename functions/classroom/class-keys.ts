import { entity } from '../data/keys';

/** Keys of class games (issue 31; docs/classroom.md): one partition a game, beside the rooms. */
export const ClassGameKeys = entity({
  entity: 'Class game',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASS#{gameId}',
  sk: 'GAME',
  byOwner: 'CLASSGAME#{createdAt}',
  notes:
    'host, quiz id and title, settings, `pin`, `state`, `locked`, `questionIndex`, `step` (every phase change adds 1), `deadline`, `questionStartedAt`, the questions are their own item (Class game questions), `playerCount`, `answeredCount` (of the open question), `hostConnectionId`, `stats` by question, `reveal` (the one on screen), `countSentAt`/`countPendingFor` (the answer count throttle), `createdAt`, `endsAt`; owned by the host; `cascade = partition` (account deletion takes the players, nicknames and results); `ttl` 90 days',
});

/**
 * A game's questions, copied at creation in play order with the answer key (never sent): kept off
 * the game item, which every answer writes (DynamoDB bills a write by the item's size).
 */
export const ClassQuestionsKeys = entity({
  entity: 'Class game questions',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASS#{gameId}',
  sk: 'QUESTIONS',
  notes:
    '`questions` (text, options, correctAnswer, explanation, image), written once at creation; `ttl` as the game',
});

/** A live game's PIN: unique among live games. */
export const ClassPinKeys = entity({
  entity: 'Class game PIN',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASSPIN#{pin}',
  sk: 'PIN',
  notes:
    "`gameId`, `endsAtMs`; written only if absent or past its game's end, deleted (on condition of the game) when the game ends; `ttl` at the game's end",
});

/** One of the three games a host may run at once. */
export const ClassHostSlotKeys = entity({
  entity: 'Class game host slot',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASSHOST#{hostId}',
  sk: 'SLOT#{slot}',
  byOwner: 'CLASSSLOT#{slot}',
  fields: { slot: '0, 1 or 2' },
  notes:
    "`gameId`, `endsAtMs`: taken in the creation's transaction when absent or past its end, deleted when the game ends; `ttl` at the game's end",
});

/** A player of a class game: their answers land on this item, never on the game's. */
export const ClassPlayerKeys = entity({
  entity: 'Class game player',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASS#{gameId}',
  sk: 'PLAYER#{playerId}',
  notes:
    '`nickname`, `skeleton`, `userId` (a member) or none, `connectionId`, `endpoint`, `resumeTokenHash`, `connected`, `leftAt`, `removed`, `score`, `correctCount`, `answers` (by question index: answer, points, correct, ms), `closedThrough` (the last question revealed for this player); `ttl` as the game',
});

/** A nickname taken in a game, by its confusable skeleton. */
export const ClassNicknameKeys = entity({
  entity: 'Class game nickname',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASS#{gameId}',
  sk: 'NICK#{skeleton}',
  notes: '`playerId` holding it; deleted when the player leaves or is removed; `ttl` as the game',
});

/** The results of a finished game, as `GET …/results` and the CSV read them. */
export const ClassResultsKeys = entity({
  entity: 'Class game results',
  module: 'functions/classroom/class-store.ts',
  pk: 'CLASS#{gameId}',
  sk: 'RESULTS',
  notes:
    '`players` (nickname, score, correctCount, rank, answers), `questions` (text, correctRate, optionCounts); `ttl` as the game',
});
