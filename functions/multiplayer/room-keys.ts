import { entity } from '../data/keys';

/** Keys of multiplayer rooms (room-store.ts). */
export const RoomKeys = entity({
  entity: 'Multiplayer room',
  module: 'functions/multiplayer/room-store.ts',
  pk: 'ROOM#{code}',
  sk: 'ROOM',
  fields: { code: 'the 6-character room code (A–Z, 2–9 without look-alikes)' },
  notes:
    'settings, `hostId`, `passwordHash` (salted SHA-256), `players` map by user id (nickname, isReady, joinedAt, connectionId, endpoint, leftAt, score, answers by question index), `gameState`, `step` (every phase change adds 1: a tick names the step it ends, so a late or repeated tick changes nothing), `questionIndex`, `phaseEndsAt` (the question deadline, epoch ms), `answerKey` (never sent), `version` (every write checks and adds 1); `ttl` 2 h after the last change as a backstop',
});

/**
 * A room as the lobby lists it, apart from the room item: written only when what the list shows
 * changes (players, state, host), so the many writes of a game do not all land in the one index
 * partition of the list.
 */
export const RoomListingKeys = entity({
  entity: 'Multiplayer room listing',
  module: 'functions/multiplayer/room-store.ts',
  pk: 'ROOM#{code}',
  sk: 'LISTING',
  byCollection: { pk: 'ROOMS', sk: '{createdAt}' },
  notes:
    '`listing` (id, isLocked, host, playerCount, maxPlayers, gameState, quizTitle) and `connectedCount`, written in the transaction of the room change that alters them; removed with the room; `ttl` as the room',
});

/** The questions of the room's current game, in play order, kept apart so the room item stays small. */
export const RoomGameKeys = entity({
  entity: 'Multiplayer game questions',
  module: 'functions/multiplayer/room-store.ts',
  pk: 'ROOM#{code}',
  sk: 'GAME',
  notes:
    '`questions` (id, text, options, correctAnswer, explanation) copied from the quiz when a game starts; `ttl` as the room',
});

/** Which room a member sits in: found again when they reconnect (rejoin). */
export const SeatKeys = entity({
  entity: 'Multiplayer seat',
  module: 'functions/multiplayer/room-store.ts',
  pk: 'SEAT#{userId}',
  sk: 'SEAT',
  notes:
    '`roomId`; written with the join, removed with the leave; a seat the room no longer holds is ignored and removed',
});
