import { randomInt } from 'node:crypto';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import type { ClassGameState } from '@shared/classroom';
import { deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import {
  ConditionsFailed,
  ignoreConditionFailed,
  isConditionFailed,
  isTransactionConflict,
  TransactionBusy,
} from '../data/errors';
import { ownerPartition } from '../data/keys';
import { queryAll } from '../data/paginate';
import { backoffMs, pause, withRetries } from '../data/retry';
import { INDEX, ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { classError } from './errors';
import {
  ClassGameKeys,
  ClassHostSlotKeys,
  ClassNicknameKeys,
  ClassPinKeys,
  ClassPlayerKeys,
  ClassQuestionsKeys,
  ClassResultsKeys,
} from './class-keys';
import type {
  ClassGame,
  ClassPlayerItem,
  ClassQuestion,
  PlayerAnswer,
  QuestionStats,
  RevealData,
  StoredResults,
} from './class-policy';

/**
 * Where class games are kept (docs/classroom.md "Data"): the game item, its PIN and the host's
 * slot, one item per player (their answers land there, never on the game), one per nickname, and
 * the results. The only classroom module that knows keys, expressions and DynamoDB's errors.
 */

const m = CLASSROOM_MESSAGES;
const gameKey = (gameId: string) => ClassGameKeys.key({ gameId });
const playerKey = (gameId: string, playerId: string) => ClassPlayerKeys.key({ gameId, playerId });
const nickKey = (gameId: string, skeleton: string) => ClassNicknameKeys.key({ gameId, skeleton });
const pinKey = (pin: string) => ClassPinKeys.key({ pin });
const slotKey = (hostId: string, slot: number) => ClassHostSlotKeys.key({ hostId, slot: String(slot) });

/** A game's records are kept this long (the host's list and results cover as many days). */
const gameTtl = (createdAt: number) =>
  ttlFromDate(new Date(createdAt + CLASSROOM_LIMITS.resultsDays * 24 * 3600_000));

export type StoredGame = ClassGame & { hostSlot: number };

const questionsKey = (gameId: string) => ClassQuestionsKeys.key({ gameId });

/** The game item: the game without its questions (they are their own item, read beside it). */
export type GameItem = Omit<StoredGame, 'questions'>;

/** Games' questions a warm instance has read (at most `QUESTIONS_KEPT`, the first read leaves first). */
const questionsRead = new Map<string, ClassQuestion[]>();
const QUESTIONS_KEPT = 100;

/**
 * A game's questions: written once, in the creation's transaction, and never changed, so a warm
 * instance reads them once per game (every answer, join and step of a game reads its game). Read
 * without a consistent read — but a read just after the creation may not see them yet, and is
 * then made consistent.
 */
async function getQuestions(gameId: string): Promise<ClassQuestion[]> {
  const kept = questionsRead.get(gameId);
  if (kept) return kept;
  const result = await db.get({ Key: questionsKey(gameId) });
  const item = result.Item ?? (await db.get({ Key: questionsKey(gameId), ConsistentRead: true })).Item;
  const questions = item?.questions as ClassQuestion[] | undefined;
  if (!questions) return [];
  if (questionsRead.size >= QUESTIONS_KEPT) questionsRead.delete(questionsRead.keys().next().value!);
  questionsRead.set(gameId, questions);
  return questions;
}

/** The game item alone, without its questions (what the answer count needs). */
export async function getGameItem(gameId: string): Promise<GameItem | undefined> {
  const result = await db.get({ Key: gameKey(gameId), ConsistentRead: true });
  return result.Item as GameItem | undefined;
}

/** The game with its questions. */
export async function getGame(gameId: string): Promise<StoredGame | undefined> {
  const [result, questions] = await Promise.all([
    db.get({ Key: gameKey(gameId), ConsistentRead: true }),
    getQuestions(gameId),
  ]);
  return result.Item ? { ...(result.Item as GameItem), questions } : undefined;
}

/** The live game a PIN names, if any. */
export async function findGameByPin(pin: string, now: number): Promise<StoredGame | undefined> {
  const claim = (await db.get({ Key: pinKey(pin), ConsistentRead: true })).Item;
  if (!claim || Number(claim.endsAtMs) <= now) return undefined;
  const game = await getGame(String(claim.gameId));
  return game && game.pin === pin ? game : undefined;
}

const newPin = () =>
  String(randomInt(0, 10 ** CLASSROOM_LIMITS.pinLength)).padStart(CLASSROOM_LIMITS.pinLength, '0');

/** Creations tried before a busy answer (the host's slots and the PIN space are contended only briefly). */
const CREATE_ATTEMPTS = 25;

/**
 * Creates a game under a fresh PIN in one of the host's free slots, in one transaction with the
 * rate limit's count (`rateLimit`, counted only when the game is made): a taken PIN is drawn
 * again, a slot taken meanwhile is read again, and with no slot free the creation is refused
 * (`tooManyGames`), so any number of parallel creations open exactly the free slots' worth.
 */
export async function insertGame(
  hostId: string,
  build: (pin: string, slot: number) => ClassGame,
  rateLimit: () => Promise<NamedItem>,
  now: number,
  onTooMany: () => Error,
  onBusy: () => Error,
): Promise<ClassGame> {
  for (let attempt = 1; ; attempt++) {
    const slots = await queryAll<{ sk: string; endsAtMs: number }>({
      partition: ClassHostSlotKeys.pk({ hostId }),
      ConsistentRead: true,
    });
    const taken = new Set(
      slots
        .filter((slot) => Number(slot.endsAtMs) > now)
        .map((slot) => Number(slot.sk.slice(ClassHostSlotKeys.skPrefix().length))),
    );
    const free = Array.from({ length: CLASSROOM_LIMITS.liveGamesPerHost }, (_, slot) => slot).filter(
      (slot) => !taken.has(slot),
    );
    if (free.length === 0) throw onTooMany();
    const slot = free[randomInt(free.length)]!;
    const game = build(newPin(), slot);
    const ttl = gameTtl(now);
    const liveUntil = ttlFromDate(new Date(game.endsAtMs));
    const { questions, ...gameItem } = game;
    try {
      await transactWrite([
        {
          name: 'slot',
          Put: {
            Item: {
              ...slotKey(game.hostId, slot),
              ...ClassHostSlotKeys.owner({ userId: game.hostId, slot: String(slot) }),
              gameId: game.gameId,
              endsAtMs: game.endsAtMs,
              ttl: liveUntil,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR endsAtMs <= :now',
            ExpressionAttributeValues: { ':now': now },
          },
        },
        {
          name: 'pin',
          Put: {
            Item: { ...pinKey(game.pin), gameId: game.gameId, endsAtMs: game.endsAtMs, ttl: liveUntil },
            ConditionExpression: 'attribute_not_exists(pk) OR endsAtMs <= :now',
            ExpressionAttributeValues: { ':now': now },
          },
        },
        {
          name: 'game',
          Put: {
            Item: {
              ...gameKey(game.gameId),
              ...ClassGameKeys.owner({ userId: game.hostId, createdAt: game.createdAt }),
              ...gameItem,
              hostSlot: slot,
              cascade: 'partition',
              ttl,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { Item: { ...questionsKey(game.gameId), questions, ttl } } },
        await rateLimit(),
      ]);
      return game;
    } catch (error) {
      const retry =
        error instanceof TransactionBusy ||
        (error instanceof ConditionsFailed && (error.has('slot') || error.has('pin') || error.has('game')));
      if (!retry) throw error;
      if (attempt >= CREATE_ATTEMPTS) throw onBusy();
      await pause(backoffMs(Math.min(attempt, 5)));
    }
  }
}

/** The host's games created since `since` (ISO), newest first: `maxItems` at most. */
export async function listHostGames(hostId: string, since: string, maxItems: number): Promise<ClassGame[]> {
  return queryAll<ClassGame>(
    {
      index: INDEX.byOwner,
      partition: ownerPartition(hostId),
      between: [ClassGameKeys.ownerPrefix!({ createdAt: since }), `${ClassGameKeys.ownerPrefix!()}\uffff`],
      newestFirst: true,
      ProjectionExpression: 'gameId, quizTitle, createdAt, #state, playerCount, endsAtMs',
      ExpressionAttributeNames: { '#state': 'state' },
    },
    { maxItems },
  );
}

export async function getResults(gameId: string): Promise<StoredResults | undefined> {
  const result = await db.get({ Key: ClassResultsKeys.key({ gameId }), ConsistentRead: true });
  return result.Item as StoredResults | undefined;
}

/** Every player of the game (the removed too), read strongly consistent. */
export function listPlayers(gameId: string): Promise<ClassPlayerItem[]> {
  return queryAll<ClassPlayerItem>({
    partition: ClassGameKeys.pk({ gameId }),
    beginsWith: ClassPlayerKeys.skPrefix(),
    ConsistentRead: true,
  });
}

export async function getPlayer(gameId: string, playerId: string): Promise<ClassPlayerItem | undefined> {
  const result = await db.get({ Key: playerKey(gameId, playerId), ConsistentRead: true });
  return result.Item as ClassPlayerItem | undefined;
}

/** Why a join's condition on the game failed, read from the game as it stands. */
function joinRefusal(game: Partial<StoredGame> | undefined, now: number) {
  if (!game || game.state === 'finished' || (game.endsAtMs ?? 0) <= now)
    return classError('not_found', m.gameNotFound);
  if (game.state !== 'lobby') return classError('in_game', m.inGame);
  if (game.locked) return classError('locked', m.locked);
  if ((game.playerCount ?? 0) >= (game.settings?.maxPlayers ?? 0))
    return classError('class_full', m.classFull);
  return classError('busy', m.busy);
}

/**
 * Seats a new player: their item, their nickname's claim and the game's count in one
 * transaction, on condition that the game is in its lobby, open, not full and live. A nickname
 * already held (by its skeleton) is `nickname_taken`.
 */
export async function addPlayer(game: ClassGame, player: ClassPlayerItem, now: number): Promise<void> {
  const ttl = gameTtl(Date.parse(game.createdAt));
  await transactWrite([
    {
      name: 'game',
      Update: {
        Key: gameKey(game.gameId),
        UpdateExpression: 'ADD playerCount :one',
        ConditionExpression: '#state = :lobby AND locked = :false AND playerCount < :max AND endsAtMs > :now',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':lobby': 'lobby',
          ':false': false,
          ':max': game.settings.maxPlayers,
          ':now': now,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (current) => joinRefusal(current as Partial<StoredGame> | undefined, now),
    },
    {
      name: 'nick',
      Put: {
        Item: { ...nickKey(game.gameId, player.skeleton), playerId: player.playerId, ttl },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: () => classError('nickname_taken', m.nicknameTaken),
    },
    {
      name: 'player',
      Put: {
        Item: { ...playerKey(game.gameId, player.playerId), ...player, ttl },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/**
 * Takes a player out of the game for good (left or kicked): marked removed, their nickname freed
 * and the game's count lowered, once however many removals race. False when already out.
 */
export async function removePlayer(gameId: string, player: ClassPlayerItem): Promise<boolean> {
  try {
    await transactWrite([
      {
        name: 'player',
        Update: {
          Key: playerKey(gameId, player.playerId),
          UpdateExpression: 'SET removed = :true, connected = :false',
          ConditionExpression: 'removed = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      },
      {
        Delete: {
          Key: nickKey(gameId, player.skeleton),
        },
      },
      {
        name: 'game',
        Update: {
          Key: gameKey(gameId),
          UpdateExpression: 'ADD playerCount :minus',
          // Not on a game its host's account deletion removed: no stub of it re-created.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionsFailed && (error.has('player') || error.has('game'))) return false;
    throw error;
  }
}

/** Puts the player's seat on this socket (a resume); false when the token does not match or they are out. */
export async function takeSeat(
  gameId: string,
  playerId: string,
  tokenHash: string,
  socket: { connectionId: string; endpoint: string },
): Promise<ClassPlayerItem | undefined> {
  try {
    const result = await db.update({
      Key: playerKey(gameId, playerId),
      UpdateExpression: 'SET connectionId = :c, endpoint = :e, connected = :true, leftAt = :null',
      ConditionExpression: 'resumeTokenHash = :hash AND removed = :false',
      ExpressionAttributeValues: {
        ':c': socket.connectionId,
        ':e': socket.endpoint,
        ':true': true,
        ':false': false,
        ':null': null,
        ':hash': tokenHash,
      },
      ReturnValues: 'ALL_NEW',
    });
    return result.Attributes as ClassPlayerItem;
  } catch (error) {
    ignoreConditionFailed(error);
    return undefined;
  }
}

/** The player whose socket `connectionId` closed is marked disconnected (not a later socket of theirs). */
export async function markDisconnected(
  gameId: string,
  playerId: string,
  connectionId: string,
  now: number,
): Promise<boolean> {
  try {
    await db.update({
      Key: playerKey(gameId, playerId),
      UpdateExpression: 'SET connected = :false, leftAt = :now',
      ConditionExpression: 'connectionId = :c AND connected = :true',
      ExpressionAttributeValues: { ':false': false, ':true': true, ':now': now, ':c': connectionId },
    });
    return true;
  } catch (error) {
    ignoreConditionFailed(error);
    return false;
  }
}

/**
 * Records an answer on the player's own item: once per question, only while the item is not
 * closed for it (the reveal closes each player's item: an answer after its close fails here, so
 * none is lost, counted twice or taken late), and only from the socket that holds the seat (the
 * seat is read by this condition, not before it). `already_answered` / `too_late` /
 * `not_in_game` otherwise, read from the item only when the condition failed.
 */
export async function recordAnswer(
  gameId: string,
  playerId: string,
  connectionId: string,
  questionIndex: number,
  answer: PlayerAnswer,
): Promise<'ok' | 'already_answered' | 'too_late' | 'not_in_game'> {
  try {
    await withRetries(
      () =>
        db.update({
          Key: playerKey(gameId, playerId),
          UpdateExpression: 'SET answers.#qi = :answer ADD score :points, correctCount :c',
          ConditionExpression:
            'attribute_not_exists(answers.#qi) AND closedThrough < :qi AND removed = :false AND connectionId = :socket',
          ExpressionAttributeNames: { '#qi': String(questionIndex) },
          ExpressionAttributeValues: {
            ':answer': answer,
            ':points': answer.points,
            ':c': answer.correct ? 1 : 0,
            ':qi': questionIndex,
            ':false': false,
            ':socket': connectionId,
          },
        }),
      isTransactionConflict,
      () => classError('busy', m.busy),
    );
    return 'ok';
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const player = await getPlayer(gameId, playerId);
    if (!player || player.removed || player.connectionId !== connectionId) return 'not_in_game';
    if (player.answers[String(questionIndex)]) return 'already_answered';
    return 'too_late';
  }
}

/** The game's counts after an answer was counted, and when a count last went to the host. */
export interface AnswerCounts {
  answeredCount: number;
  playerCount: number;
  step: number;
  /** When the last `class_answer_count` went out (epoch ms; 0 before the first). */
  countSentAt: number;
  /** The latest send a waiter has promised (epoch ms; 0 when none). */
  countPendingFor: number;
}

/** Counts an answer of question `questionIndex` on the game; the game's counts after, or undefined once it moved on. */
export async function countAnswer(
  gameId: string,
  questionIndex: number,
  step: number,
): Promise<AnswerCounts | undefined> {
  try {
    const result = await withRetries(
      () =>
        db.update({
          Key: gameKey(gameId),
          // `ADD x 0` changes nothing but returns x with the count (and makes a missing one 0):
          // only these four come back, and the answer count's send needs no read of its own.
          UpdateExpression:
            'ADD answeredCount :one, playerCount :zero, countSentAt :zero, countPendingFor :zero',
          ConditionExpression: '#state = :question AND questionIndex = :qi AND step = :step',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':zero': 0,
            ':question': 'question',
            ':qi': questionIndex,
            ':step': step,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      isTransactionConflict,
      () => classError('busy', m.busy),
    );
    const counts = result.Attributes as Omit<AnswerCounts, 'step'>;
    return {
      answeredCount: counts.answeredCount,
      playerCount: counts.playerCount,
      countSentAt: counts.countSentAt,
      countPendingFor: counts.countPendingFor,
      step,
    };
  } catch (error) {
    ignoreConditionFailed(error);
    return undefined;
  }
}

/** A phase change of the game on condition of its step (one writer wins); the game after, or undefined. */
async function stepGame(
  gameId: string,
  step: number,
  set: Record<string, unknown>,
  extraCondition = '',
  extraValues: Record<string, unknown> = {},
): Promise<StoredGame | undefined> {
  const names = Object.keys(set);
  try {
    const result = await withRetries(
      () =>
        db.update({
          Key: gameKey(gameId),
          UpdateExpression: `SET ${names.map((name, index) => `#f${index} = :v${index}`).join(', ')}, step = :next`,
          ConditionExpression: `step = :step${extraCondition}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((name, index) => [`:v${index}`, set[name]])),
            ':step': step,
            ':next': step + 1,
            ...extraValues,
          },
          ReturnValues: 'ALL_NEW',
        }),
      isTransactionConflict,
      () => classError('busy', m.busy),
    );
    return { ...(result.Attributes as GameItem), questions: await getQuestions(gameId) };
  } catch (error) {
    ignoreConditionFailed(error);
    return undefined;
  }
}

/** Opens question `questionIndex` from step `step` (the lobby or a reveal). */
export const openQuestion = (
  gameId: string,
  step: number,
  questionIndex: number,
  startedAt: number,
  deadline: number,
) =>
  stepGame(
    gameId,
    step,
    {
      state: 'question' satisfies ClassGameState,
      questionIndex,
      questionStartedAt: startedAt,
      deadline,
      answeredCount: 0,
      reveal: null,
    },
    ' AND #f0 <> :finished',
    { ':finished': 'finished' },
  );

/** Ends the open question of step `step`: the game moves to its reveal (one writer wins). */
export const beginReveal = (gameId: string, step: number) =>
  stepGame(gameId, step, { state: 'reveal' satisfies ClassGameState }, ' AND #f0 = :question', {
    ':question': 'question',
  });

/**
 * Closes the player's item for question `questionIndex`: from here on no answer to it lands. The
 * item as it is after the close (with every answer that landed before it).
 */
export async function closePlayer(
  gameId: string,
  playerId: string,
  questionIndex: number,
): Promise<ClassPlayerItem | undefined> {
  try {
    const result = await withRetries(
      () =>
        db.update({
          Key: playerKey(gameId, playerId),
          UpdateExpression: 'SET closedThrough = :qi',
          ConditionExpression: 'attribute_exists(pk) AND closedThrough <= :qi',
          ExpressionAttributeValues: { ':qi': questionIndex },
          ReturnValues: 'ALL_NEW',
        }),
      isTransactionConflict,
      () => classError('busy', m.busy),
    );
    return result.Attributes as ClassPlayerItem;
  } catch (error) {
    ignoreConditionFailed(error);
    return getPlayer(gameId, playerId);
  }
}

/** Items in one `TransactWriteItems` (DynamoDB's limit): a game's 100 players close in one call. */
const CLOSE_BATCH = 100;

/**
 * Closes the items of `playerIds` for question `questionIndex`, 100 to a transaction (one call
 * for a whole class, where 100 single writes would cost a function 100 round trips at the
 * deadline). False when a transaction's condition failed (an item gone, or closed for a later
 * question) or it kept conflicting: the caller then closes them one by one, which settles each item
 * on its own.
 */
export async function closePlayers(
  gameId: string,
  playerIds: readonly string[],
  questionIndex: number,
): Promise<boolean> {
  for (let start = 0; start < playerIds.length; start += CLOSE_BATCH) {
    try {
      await transactWrite(
        playerIds.slice(start, start + CLOSE_BATCH).map((playerId) => ({
          Update: {
            Key: playerKey(gameId, playerId),
            UpdateExpression: 'SET closedThrough = :qi',
            ConditionExpression: 'attribute_exists(pk) AND closedThrough <= :qi',
            ExpressionAttributeValues: { ':qi': questionIndex },
          },
        })),
      );
    } catch (error) {
      // A transaction that kept meeting others (a join, a kick, a resume on one of its items) is
      // given up for the one-by-one closes too: each of those waits only for its own item.
      if (error instanceof ConditionsFailed || error instanceof TransactionBusy) return false;
      throw error;
    }
  }
  return true;
}

/** Keeps what a reveal found on the game (for the host's screen after a reload, and the results). */
export async function saveReveal(
  gameId: string,
  step: number,
  questionIndex: number,
  reveal: RevealData,
  stats: QuestionStats,
): Promise<boolean> {
  try {
    await db.update({
      Key: gameKey(gameId),
      // A step of its own: an end that read the game before the reveal was saved is refused and
      // reads it again (finishGame's condition), so the question is counted by one of the two.
      UpdateExpression: 'SET reveal = :reveal, stats.#qi = :stats, step = step + :one',
      ConditionExpression: 'step = :step',
      ExpressionAttributeNames: { '#qi': String(questionIndex) },
      ExpressionAttributeValues: {
        ':reveal': reveal,
        ':stats': stats,
        ':step': step,
        ':one': 1,
      },
    });
    return true;
  } catch (error) {
    ignoreConditionFailed(error);
    return false;
  }
}

/**
 * Ends the game from `game` as read (its step; any state but finished): the game finished and its
 * results written in one transaction, once; then its PIN and the host's slot are freed (only if
 * still this game's). Undefined when the game moved on since it was read (a reveal began or was
 * saved) or had already ended: read it again.
 */
export async function finishGame(game: StoredGame, results: StoredResults): Promise<StoredGame | undefined> {
  const ttl = gameTtl(Date.parse(game.createdAt));
  try {
    await transactWrite([
      {
        name: 'game',
        Update: {
          Key: gameKey(game.gameId),
          UpdateExpression: 'SET #state = :finished, step = step + :one, deadline = :null',
          ConditionExpression: '#state <> :finished AND step = :step',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':finished': 'finished',
            ':one': 1,
            ':null': null,
            ':step': game.step,
          },
        },
      },
      { Put: { Item: { ...ClassResultsKeys.key({ gameId: game.gameId }), ...results, ttl } } },
    ]);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('game')) return undefined;
    throw error;
  }
  await freeLiveClaims(game);
  return { ...game, state: 'finished', step: game.step + 1 };
}

/** Frees the game's PIN and its host's slot, when they still name this game. */
async function freeLiveClaims(game: Pick<StoredGame, 'gameId' | 'pin' | 'hostId' | 'hostSlot'>) {
  const byGame = {
    ConditionExpression: 'gameId = :game',
    ExpressionAttributeValues: { ':game': game.gameId },
  };
  await Promise.all([
    db.delete({ Key: pinKey(game.pin), ...byGame }).catch(ignoreConditionFailed),
    db.delete({ Key: slotKey(game.hostId, game.hostSlot), ...byGame }).catch(ignoreConditionFailed),
  ]);
}

/**
 * A write to a game item that its host's account deletion removed meanwhile: refused, so that no
 * write re-creates a stub of it (conditions `attribute_exists(pk)`).
 */
function gameGone(error: unknown): never {
  ignoreConditionFailed(error);
  throw classError('not_found', m.gameMissing);
}

/** Attaches the host's socket to the game (the host's own, by session). */
export async function setHostSocket(
  gameId: string,
  socket: { connectionId: string; endpoint: string },
): Promise<void> {
  await db
    .update({
      Key: gameKey(gameId),
      UpdateExpression: 'SET hostConnectionId = :c, hostEndpoint = :e',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':c': socket.connectionId, ':e': socket.endpoint },
    })
    .catch(gameGone);
}

export async function setLocked(gameId: string, locked: boolean): Promise<void> {
  await db
    .update({
      Key: gameKey(gameId),
      UpdateExpression: 'SET locked = :locked',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':locked': locked },
    })
    .catch(gameGone);
}

/**
 * What an answer does about the host's count: `send` it now, `wait` until `until` and send the
 * count read then, or `skip` because a waiter already promised a send at `until` or later.
 */
export type CountClaim =
  { action: 'send' } | { action: 'wait'; until: number } | { action: 'skip'; until: number };

/**
 * The answer count's throttle (at most 4 a second to the host): `now` may send at once when no
 * count went out within `intervalMs`; otherwise one writer per interval claims the next slot and
 * sends then.
 */
export async function claimCountSend(gameId: string, now: number, intervalMs: number): Promise<CountClaim> {
  let sentAt: number;
  try {
    await db.update({
      Key: gameKey(gameId),
      UpdateExpression: 'SET countSentAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(countSentAt) OR countSentAt <= :before)',
      ExpressionAttributeValues: { ':now': now, ':before': now - intervalMs },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return { action: 'send' };
  } catch (error) {
    ignoreConditionFailed(error);
    // The item as the condition found it: when the send that beat this one went out.
    sentAt = countSentAtOf(error) ?? now;
  }
  return claimCountWait(gameId, sentAt + intervalMs);
}

/**
 * `countSentAt` of the item a failed condition returned (`ReturnValuesOnConditionCheckFailure`):
 * the SDK leaves that item in DynamoDB's own form (`{ N: "…" }`); a plain number is taken as it is.
 */
function countSentAtOf(error: unknown): number | undefined {
  const value = (error as { Item?: Record<string, unknown> }).Item?.countSentAt;
  if (typeof value === 'number') return value;
  const number = Number((value as { N?: string } | undefined)?.N);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Promises the count send due at `until` (the one waiter of that slot sends the count read then);
 * `skip` when a waiter has already promised one at or after it.
 */
export async function claimCountWait(gameId: string, until: number): Promise<CountClaim> {
  try {
    await db.update({
      Key: gameKey(gameId),
      UpdateExpression: 'SET countPendingFor = :until',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(countPendingFor) OR countPendingFor < :until)',
      ExpressionAttributeValues: { ':until': until },
    });
    return { action: 'wait', until };
  } catch (error) {
    ignoreConditionFailed(error);
    return { action: 'skip', until };
  }
}

/**
 * The send a waiter promised, taken at `now`: on condition that no count went out since the one
 * its slot follows (`after`). False when an answer's own send beat it (that send carried a count
 * as new): then it sends nothing, and the host gets no two counts within the interval.
 */
export async function takePromisedSend(gameId: string, after: number, now: number): Promise<boolean> {
  try {
    await db.update({
      Key: gameKey(gameId),
      UpdateExpression: 'SET countSentAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(countSentAt) OR countSentAt <= :after)',
      ExpressionAttributeValues: { ':now': now, ':after': after },
    });
    return true;
  } catch (error) {
    ignoreConditionFailed(error);
    return false;
  }
}

/** Deletes a game with everything of its partition, and frees its PIN and slot (account deletion). */
export async function deleteGameContents(gameId: string): Promise<void> {
  const game = await getGame(gameId);
  if (game && game.state !== 'finished') await freeLiveClaims(game);
  const partition = await queryAll<ItemKey>({
    partition: ClassGameKeys.pk({ gameId }),
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await deleteItems(partition.filter((item) => item.sk !== ClassGameKeys.sk()));
}
