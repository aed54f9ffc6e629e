import { createHash, randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import type { classClientMessageSchemas } from '@shared/socket-requests';
import type { ClassServerMessage } from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';
import type { ConnectionItem } from '../connections/connection';
import { markClassPlayer } from '../connections/connection-store';
import { releaseClassSocket } from '../connections/guest';
import { RETRY } from '../data/retry';
import { getConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { holdIpTry, withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { randomToken } from '../lib/random-token';
import { skeleton } from '../users/skeleton';
import { isNameReserved } from '../users/user-policy';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { scheduleClassTick, type ClassTick } from './class-clock';
import { eachBounded } from '../lib/each-bounded';
import { FAN_OUT_CONCURRENCY, sendFrame, sendToHost, sendToPlayers } from './class-fan-out';
import {
  activePlayers,
  answerRefusal,
  finalTable,
  isLive,
  lettersOf,
  podiumOf,
  questionFrame,
  rankPlayers,
  resultOf,
  resultsOf,
  revealOf,
  scoreAnswer,
  toClassPlayer,
  droppedTooLong,
  everyoneAnswered,
  toHostGame,
  toPlayerGame,
  type ClassPlayerItem,
} from './class-policy';
import {
  addPlayer,
  beginReveal,
  claimCountSend,
  claimCountWait,
  type CountClaim,
  closePlayer,
  closePlayers,
  countAnswer,
  findGameByPin,
  finishGame,
  getGame,
  getGameItem,
  getPlayer,
  listPlayers,
  openQuestion,
  recordAnswer,
  removePlayer,
  saveReveal,
  setHostSocket,
  setLocked,
  takePromisedSend,
  takeSeat,
  markDisconnected,
  type AnswerCounts,
  type GameItem,
  type StoredGame,
} from './class-store';
import { ClassError, classError } from './errors';

/**
 * What each class game frame does (docs/classroom.md): the caller's limits, the rule, the store's
 * conditional write, then what the players and the host are told. Every rule holds on the server;
 * every step that must happen once (a question's reveal, the end) is one conditional write that only
 * one caller wins, and only the winner sends what it says.
 */

const m = CLASSROOM_MESSAGES;
type Input<T extends keyof typeof classClientMessageSchemas> = z.output<
  (typeof classClientMessageSchemas)[T]
>;

/** The socket a frame comes from: a member's (with `userId`) or, once guests may connect, a guest's. */
export interface ClassCaller {
  userId: string | undefined;
  connection: ConnectionItem;
  reply: (message: ClassServerMessage) => Promise<boolean>;
  log: Logger;
  /** When API Gateway received the frame (epoch ms): the server's clock for deadlines. */
  receivedAt: number;
  sourceIp: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const socketOf = (caller: ClassCaller) => ({
  connectionId: caller.connection.connectionId,
  endpoint: caller.connection.endpoint,
});

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// ——— Players ———

/** `join_class`: a new player in the lobby, or a player back with their resume token. */
export async function joinClass(caller: ClassCaller, input: Input<'join_class'>): Promise<void> {
  // PINs are guessed only by trying: wrong PINs are limited per address (a whole class joins from
  // one school address with the right one), every try per member. A try holds one of the address's
  // wrong PINs while it is made and gives it back when the PIN was right, so tries sent together
  // never get more than the limit's answers.
  const [held, ...limits] = await Promise.all([
    caller.sourceIp
      ? holdIpTry('class-join', caller.sourceIp, CLASSROOM_LIMITS.joinTriesPerMinute, 60)
      : undefined,
    caller.sourceIp
      ? withinIpRateLimit('class-join-any', caller.sourceIp, CLASSROOM_LIMITS.joinsPerAddressPerMinute, 60)
      : true,
    caller.userId
      ? withinRateLimit(`class-join#${caller.userId}`, CLASSROOM_LIMITS.joinTriesPerMinute, 60)
      : true,
  ]);
  if (held === false || limits.includes(false)) {
    // Refused before the PIN was looked at: it tells nothing, and is no guess.
    if (held) await held.release();
    throw classError('rate_limited', m.joinTooFast);
  }
  const now = Date.now();
  const game = await findGameByPin(input.pin, now);
  if (!game || !isLive(game, now)) throw classError('not_found', m.gameNotFound);
  // The right PIN: whatever comes of the join, it was no guess.
  await held?.release();
  await refuseSecondSeat(caller, game.gameId, input.resumeToken, now);
  if (input.resumeToken) {
    const resumed = await resume(caller, game, input.resumeToken, now);
    if (resumed) return;
  }
  if (game.state !== 'lobby') throw classError('in_game', m.inGame);
  await joinNew(caller, game, input.nickname, now);
}

/**
 * One socket, one seat: a socket that still plays in a live game (its seat not removed and still on
 * this socket) joins nothing else — its connection names one game and player, and a second seat
 * would stay `connected` for ever, holding up "everyone answered" and its nickname. Refused rather
 * than the old seat freed: a stray or scripted frame must not take a player (and their score) out of
 * a game under way; the page leaves (`leave_class`) or is told the game ended or it was removed
 * before it joins again. The same seat's own resume token for the same game is let through (it
 * re-binds the seat; a wrong token then fails the resume and, the game under way, the join). Two
 * joins racing on one socket both pass here: `bindSocket` lets one of them keep its seat.
 */
async function refuseSecondSeat(
  caller: ClassCaller,
  gameId: string,
  resumeToken: string | undefined,
  now: number,
) {
  const { classGameId, classPlayerId, connectionId } = caller.connection;
  if (!classGameId || !classPlayerId) return;
  if (classGameId === gameId && resumeToken?.split('.')[0] === classPlayerId) return;
  const [seat, game] = await Promise.all([getPlayer(classGameId, classPlayerId), getGameItem(classGameId)]);
  if (!seat || seat.removed || seat.connectionId !== connectionId || !game || !isLive(game, now)) return;
  throw classError('in_game', m.alreadySeated);
}

/**
 * Puts a player back on this socket with their score and what is on screen: during the game at
 * any time, in the lobby within 60 s of a drop (after that the seat and nickname are given up).
 * False when the token is not a seat's of this game.
 */
async function resume(caller: ClassCaller, game: StoredGame, token: string, now: number): Promise<boolean> {
  const playerId = token.split('.')[0] ?? '';
  const held = playerId ? await getPlayer(game.gameId, playerId) : undefined;
  if (!held || held.removed || held.resumeTokenHash !== hashToken(token)) return false;
  if (game.state === 'lobby' && droppedTooLong(held, now)) {
    await giveUp(game, held, caller.log);
    return false;
  }
  const player = await takeSeat(game.gameId, playerId, held.resumeTokenHash, socketOf(caller));
  if (!player) return false;
  if (!(await bindSocket(caller, game.gameId, playerId, 'resumed'))) return true;
  const current = (await getGame(game.gameId)) ?? game;
  // During a reveal the device shows the player's rank, from the players as they stand (ranks are
  // not kept on the game item, which every answer's count writes: 100 ranks would make each of
  // those writes cost several units).
  const rank =
    current.state === 'reveal'
      ? rankPlayers(activePlayers(await listPlayers(game.gameId))).get(playerId)
      : undefined;
  await caller.reply({
    type: 'class_joined',
    gameId: game.gameId,
    playerId,
    nickname: player.nickname,
    resumeToken: token,
    game: toPlayerGame(current, player, rank),
  });
  // An older socket of theirs (another device) no longer plays.
  if (held.connected && held.connectionId && held.connectionId !== caller.connection.connectionId)
    await sendFrame(held, { type: 'class_left', gameId: game.gameId, reason: 'left' }, caller.log);
  await announcePlayers(current, 'class_player_joined', caller.log);
  return true;
}

/**
 * Ties the caller's socket to its seat, so its answers go to the game and a guest socket is not
 * closed at its join deadline. False when the socket closed meanwhile, or its join deadline is
 * closing it (functions/connections/guest.ts): the seat is then held as dropped, as any seat whose
 * socket closed, and the player's next socket takes it back with the resume token.
 */
async function bindSocket(
  caller: ClassCaller,
  gameId: string,
  playerId: string,
  seat: 'new' | 'resumed',
): Promise<boolean> {
  const { connectionId, classPlayerId } = caller.connection;
  const marked = await markClassPlayer(connectionId, gameId, playerId, classPlayerId ?? null);
  if (marked === 'marked') return true;
  const dropped = { ...caller.connection, classGameId: gameId, classPlayerId: playerId };
  if (marked === 'gone') {
    await classSocketClosed(dropped, caller.log);
    return false;
  }
  // Another join on this socket took it first. A new seat goes (it never played); a resumed one is
  // held as dropped again, for its player's next socket. The join is refused.
  if (seat === 'resumed') await classSocketClosed(dropped, caller.log);
  else {
    const held = await getPlayer(gameId, playerId);
    if (held && held.connectionId === connectionId && (await removePlayer(gameId, held))) {
      const game = await getGame(gameId);
      if (game) await announcePlayers(game, 'class_player_left', caller.log);
    }
  }
  throw classError('in_game', m.alreadySeated);
}

/** A player who dropped in the lobby and did not come back in time: out, their nickname free. */
async function giveUp(game: StoredGame, player: ClassPlayerItem, log: Logger) {
  if (await removePlayer(game.gameId, player))
    await announcePlayers((await getGame(game.gameId)) ?? game, 'class_player_left', log);
}

async function joinNew(caller: ClassCaller, game: StoredGame, nickname: string, now: number) {
  // A class's names follow the usernames' rules: none passes for the official author.
  if (isNameReserved(nickname)) throw classError('invalid', ACCOUNT_MESSAGES.nameReserved);
  const playerId = randomUUID();
  const resumeToken = `${playerId}.${randomToken()}`;
  const player: ClassPlayerItem = {
    gameId: game.gameId,
    playerId,
    nickname,
    skeleton: skeleton(nickname),
    userId: caller.userId ?? null,
    connectionId: caller.connection.connectionId,
    endpoint: caller.connection.endpoint,
    resumeTokenHash: hashToken(resumeToken),
    connected: true,
    leftAt: null,
    removed: false,
    score: 0,
    correctCount: 0,
    answers: {},
    closedThrough: -1,
    joinedAt: now,
  };
  try {
    await addPlayer(game, player, now);
  } catch (error) {
    if (!(error instanceof ClassError && error.reason === 'nickname_taken')) throw error;
    // The name's holder may be a lobby player who dropped over 60 s ago: their seat is given up.
    if (!(await freeStaleNickname(game, player.skeleton, now, caller.log))) throw error;
    await addPlayer(game, player, now);
  }
  if (!(await bindSocket(caller, game.gameId, playerId, 'new'))) return;
  const after = (await getGame(game.gameId)) ?? game;
  await caller.reply({
    type: 'class_joined',
    gameId: game.gameId,
    playerId,
    nickname,
    resumeToken,
    game: toPlayerGame(after, player),
  });
  await announcePlayers(after, 'class_player_joined', caller.log);
}

/** Frees a nickname whose holder dropped in the lobby longer ago than the resume time. */
async function freeStaleNickname(game: StoredGame, nameSkeleton: string, now: number, log: Logger) {
  const holder = (await listPlayers(game.gameId)).find(
    (player) => !player.removed && player.skeleton === nameSkeleton,
  );
  if (!holder || !droppedTooLong(holder, now)) return false;
  await giveUp(game, holder, log);
  return true;
}

/** The host's list of players after one joined, left or dropped. */
async function announcePlayers(
  game: StoredGame,
  type: 'class_player_joined' | 'class_player_left',
  log: Logger,
) {
  if (!game.hostConnectionId) return;
  const players = activePlayers(await listPlayers(game.gameId)).map((player) => toClassPlayer(player, game));
  await sendToHost(game, { type, gameId: game.gameId, players }, log);
}

/** The caller's seat: the class game and player their socket joined as. */
async function callersSeat(caller: ClassCaller) {
  const { classGameId, classPlayerId } = caller.connection;
  if (!classGameId || !classPlayerId) throw classError('not_in_game', m.notJoined);
  const player = await getPlayer(classGameId, classPlayerId);
  if (!player || player.removed || player.connectionId !== caller.connection.connectionId)
    throw classError('not_in_game', m.notJoined);
  return { gameId: classGameId, player };
}

/** `leave_class`: out of the game for good; the nickname is free again. */
export async function leaveClass(caller: ClassCaller): Promise<void> {
  const { gameId, player } = await callersSeat(caller);
  await removePlayer(gameId, player);
  await releaseClassSocket(caller.connection.connectionId, player.playerId);
  await caller.reply({ type: 'class_left', gameId, reason: 'left' });
  const game = await getGame(gameId);
  if (!game) return;
  await announcePlayers(game, 'class_player_left', caller.log);
  await revealIfAllAnswered(game, caller.log);
}

/** A player's socket closed: marked disconnected (their seat is kept for a resume). */
export async function classSocketClosed(connection: ConnectionItem, log: Logger): Promise<void> {
  const { classGameId, classPlayerId } = connection;
  if (!classGameId || !classPlayerId) return;
  if (!(await markDisconnected(classGameId, classPlayerId, connection.connectionId, Date.now()))) return;
  const game = await getGame(classGameId);
  if (game && game.state !== 'finished') await announcePlayers(game, 'class_player_left', log);
}

/**
 * The game in its members' learning records and its quiz's analytics (class-records.ts), loaded by
 * the first reveal or end that records: they bring the learning records' and the quizzes' schemas,
 * which a join, a host's frame or an answer that ends no question never needs, so a cold start of
 * those functions does not build them (docs/decisions.md, "Issue 28: a cold start loads its own
 * route").
 */
const classRecords = () => import('./class-records');

// ——— Answers ———

/**
 * Games read by answers, per question: 100 answers to one question need the game once per warm
 * instance, not 100 times. A cached game answers only for the question it shows (and, for an
 * answer that names none, before its deadline); anything else is read again.
 */
const answerGames = new Map<string, StoredGame>();
/** Reads of a game for answers under way: the answers that arrive meanwhile wait for the same read. */
const answerGameReads = new Map<string, Promise<StoredGame | undefined>>();

async function gameForAnswer(gameId: string, questionIndex: number | undefined, receivedAt: number) {
  // A game read for this question decides the answer: in time, or too late (a question opens once,
  // with its deadline, whatever the game does after). An answer naming no question needs the game
  // before its deadline.
  const decides = (game: StoredGame) =>
    game.state === 'question' &&
    game.deadline !== null &&
    (questionIndex === undefined ? receivedAt < game.deadline : game.questionIndex === questionIndex);
  const cached = answerGames.get(gameId);
  if (cached && decides(cached)) return cached;
  // A read that began before this answer arrived may show the game before its next question: one
  // that does not fit this answer is made again.
  const pending = answerGameReads.get(gameId);
  const shared = pending ? await pending.catch(() => undefined) : undefined;
  if (shared && decides(shared)) return shared;
  const read = getGame(gameId);
  answerGameReads.set(gameId, read);
  let game: StoredGame | undefined;
  try {
    game = await read;
  } finally {
    if (answerGameReads.get(gameId) === read) answerGameReads.delete(gameId);
  }
  if (!game) throw classError('not_found', m.gameNotFound);
  if (answerGames.size > 200) answerGames.clear();
  answerGames.set(gameId, game);
  return game;
}

/**
 * `answer` from a class player's socket: one per question, before the deadline by the server's
 * clock (API Gateway's receipt time), scored from that time; the player's own item takes it on
 * condition that it is not closed for the question, so it lands before the reveal or not at all.
 */
export async function classAnswer(
  caller: ClassCaller,
  input: { answer: AnswerLetter; questionIndex?: number | undefined },
): Promise<void> {
  // The seat as the socket's item names it; the answer's write checks that it is still this
  // socket's (no read of the player's item before it).
  const { classGameId: gameId, classPlayerId: playerId, connectionId } = caller.connection;
  if (!gameId || !playerId) throw classError('not_in_game', m.notJoined);
  const game = await gameForAnswer(gameId, input.questionIndex, caller.receivedAt);
  const refusal = answerRefusal(game, input.questionIndex, caller.receivedAt);
  if (refusal === 'not_answering') throw classError('invalid', m.notAnswering);
  if (refusal === 'too_late') throw classError('too_late', m.tooLate);
  const questionIndex = game.questionIndex;
  if (!lettersOf(game.questions[questionIndex]!).includes(input.answer))
    throw classError('invalid', m.answerInvalid);
  const scored = scoreAnswer(game, input.answer, caller.receivedAt);
  const recorded = await recordAnswer(gameId, playerId, connectionId, questionIndex, scored);
  if (recorded === 'already_answered') throw classError('already_answered', m.alreadyAnswered);
  if (recorded === 'too_late') throw classError('too_late', m.tooLate);
  if (recorded === 'not_in_game') throw classError('not_in_game', m.notJoined);
  // The count goes beside the reply: a reveal it may start begins after both, so the player has
  // `answer_accepted` before their `class_result`.
  const [, counts] = await Promise.all([
    caller.reply({ type: 'answer_accepted', gameId, questionIndex, answer: input.answer }),
    countAnswer(gameId, questionIndex, game.step),
  ]);
  if (!counts) return;
  if (counts.answeredCount >= counts.playerCount && (await allHaveAnswered(gameId, questionIndex))) {
    await reveal(gameId, counts.step, caller.log);
    return;
  }
  await sendAnswerCount(game, counts, caller.log);
}

/** The answer count's interval: at most 4 counts a second reach the host. */
const COUNT_INTERVAL_MS = 1000 / CLASSROOM_LIMITS.answerCountsPerSecond;

/**
 * What a warm instance knows of each game's count sends beyond the counts an answer's write
 * returned (`countSentAt`, `countPendingFor` as its own claims left them), and its claim under way.
 * The answers that arrive while one claim is made wait for it and decide from what it found, so a
 * rush of answers makes a claim or two each quarter second instead of one (or two) an answer.
 */
const countSlots = new Map<string, { sentAt: number; pendingFor: number; claiming?: Promise<unknown> }>();

/**
 * `class_answer_count` to the host, at most 4 a second: sent at once when none went out in the
 * last 250 ms; otherwise one writer waits for the rest of that 250 ms and sends the count read
 * then (so the last count always arrives); the rest send nothing. The count's own write says when
 * the last one went out and which send is promised, so most answers decide here without a write.
 */
async function sendAnswerCount(game: StoredGame, counts: AnswerCounts, log: Logger) {
  const gameId = game.gameId;
  let slot = countSlots.get(gameId);
  if (!slot) {
    if (countSlots.size > 200) countSlots.clear();
    slot = { sentAt: 0, pendingFor: 0 };
    countSlots.set(gameId, slot);
  }
  while (slot.claiming) await slot.claiming.catch(() => undefined);
  const now = Date.now();
  const due = Math.max(counts.countSentAt, slot.sentAt) + COUNT_INTERVAL_MS;
  // A waiter already promised a send after this count was written: it reads this count then.
  if (now < due && Math.max(counts.countPendingFor, slot.pendingFor) >= due) return;
  const claiming = now < due ? claimCountWait(gameId, due) : claimCountSend(gameId, now, COUNT_INTERVAL_MS);
  slot.claiming = claiming;
  let claim: CountClaim;
  try {
    claim = await claiming;
  } finally {
    slot.claiming = undefined;
  }
  if (claim.action === 'send') slot.sentAt = Math.max(slot.sentAt, now);
  else slot.pendingFor = Math.max(slot.pendingFor, claim.until);
  if (claim.action === 'skip') return;
  let current: GameItem = { ...game, answeredCount: counts.answeredCount, playerCount: counts.playerCount };
  if (claim.action === 'wait') {
    await sleep(Math.max(0, claim.until - Date.now()));
    const sentAt = Date.now();
    if (!(await takePromisedSend(gameId, claim.until - COUNT_INTERVAL_MS, sentAt))) return;
    slot.sentAt = Math.max(slot.sentAt, sentAt);
    // The slot is the game's, not the question's: a question that opened meanwhile (its answers
    // found this slot promised and sent nothing) gets its count from here.
    const read = await getGameItem(gameId);
    if (!read || read.state !== 'question') return;
    current = read;
  }
  await sendToHost(
    current,
    {
      type: 'class_answer_count',
      gameId: game.gameId,
      questionIndex: current.questionIndex,
      answered: current.answeredCount,
      total: current.playerCount,
    },
    log,
  );
}

/**
 * Whether everyone still in the game answered the question, read from the players' own items. The
 * game's counts only say when to look: a player who answered and then left (or was removed) is
 * still in `answeredCount` but no longer in `playerCount`, so the counts meet before the others
 * answered. Every answer is written before it is counted, so whoever makes the counts meet reads
 * every answer counted.
 */
const allHaveAnswered = async (gameId: string, questionIndex: number) =>
  everyoneAnswered(await listPlayers(gameId), questionIndex);

/** After a player left or was removed: the open question may now be answered by everyone left. */
async function revealIfAllAnswered(game: StoredGame, log: Logger) {
  if (
    game.state === 'question' &&
    game.answeredCount >= game.playerCount &&
    (await allHaveAnswered(game.gameId, game.questionIndex))
  )
    await reveal(game.gameId, game.step, log);
}

// ——— The game's steps ———

/**
 * Opens question `questionIndex` from step `step`: its deadline tick is sent first (so no question
 * is ever left without an end), then the game moves on condition of its step, and only the winner
 * sends the question to the players and the host.
 */
async function startQuestion(game: StoredGame, questionIndex: number, log: Logger): Promise<boolean> {
  const startedAt = Date.now();
  const deadline = startedAt + game.settings.timePerQuestion * 1000;
  await scheduleClassTick({ kind: 'class_deadline', gameId: game.gameId, step: game.step + 1, at: deadline });
  const opened = await openQuestion(game.gameId, game.step, questionIndex, startedAt, deadline);
  if (!opened) return false;
  const players = await listPlayers(game.gameId);
  const now = Date.now();
  await Promise.all([
    sendToHost(opened, questionFrame(opened, true, now), log),
    sendToPlayers(players, () => questionFrame(opened, false, now), log),
  ]);
  return true;
}

/**
 * Ends question `step` of the game (its deadline, its last answer or the host's word), once: the
 * game moves to its reveal on condition of its step, then the question is closed for every player
 * (`closeQuestion`), and the items as closed give the counts, totals and ranks.
 */
export async function reveal(gameId: string, step: number, log: Logger): Promise<boolean> {
  const game = await beginReveal(gameId, step);
  if (!game) return false;
  const questionIndex = game.questionIndex;
  const closed = await closeQuestion(gameId, questionIndex);
  const { reveal: shown, ranks, stats } = revealOf(game, questionIndex, closed);
  // The game was ended meanwhile (its end read it before this save): the end counts the question.
  if (!(await saveReveal(gameId, game.step, questionIndex, shown, stats))) return true;
  await Promise.all([
    sendToHost(game, { type: 'class_reveal', ...shown }, log),
    sendToPlayers(
      closed,
      (player) => ({
        type: 'class_result',
        ...resultOf(game, questionIndex, player, ranks[player.playerId]!),
      }),
      log,
    ),
  ]);
  await (await classRecords()).recordClassReveal(game, questionIndex, closed, log);
  return true;
}

/** Up to this many items are closed one by one, side by side; more in one transaction. */
const SINGLE_CLOSES = FAN_OUT_CONCURRENCY;

/**
 * Closes question `questionIndex` for every player still in the game: from here on no answer to it
 * lands. A player whose answer to it is on their item (read consistently) can answer it no more —
 * one answer a question, by the answer's own condition — so their item is final for it as read;
 * only the others' items are closed (at the deadline of a class that answered, few or none: the
 * reveal then writes nothing here). Up to 25 close one by one, side by side, each returning its
 * item; more close in one transaction of up to 100 and are read again (one by one when its
 * condition failed). The items as they are after the closes, with every answer that landed before.
 */
async function closeQuestion(gameId: string, questionIndex: number): Promise<ClassPlayerItem[]> {
  const players = activePlayers(await listPlayers(gameId));
  const open = players.filter((player) => !player.answers[String(questionIndex)]);
  if (open.length === 0) return players;
  const closedIds = new Set(open.map((player) => player.playerId));
  const final = players.filter((player) => !closedIds.has(player.playerId));
  if (open.length > SINGLE_CLOSES && (await closePlayers(gameId, [...closedIds], questionIndex)))
    // Read after the closes: every answer that landed before them, and none can land after.
    return [...final, ...(await listPlayers(gameId)).filter((player) => closedIds.has(player.playerId))];
  const closed: ClassPlayerItem[] = [];
  await eachBounded(open, FAN_OUT_CONCURRENCY, async (player) => {
    const item = await closePlayer(gameId, player.playerId, questionIndex);
    if (item) closed.push(item);
  });
  return [...final, ...closed];
}

/**
 * Ends the game at once (the last question's next, the host's end, its two hours): results kept,
 * PIN and slot freed. Ended during a question, or during a reveal not saved yet, the question is
 * closed for every player first, as its reveal would: an answer is then either in the results (with the
 * question's figures) or refused `too_late`, never accepted and lost. The end is written on
 * condition of the step it read: a reveal that began or was saved meanwhile makes it read the game
 * again, so each question is counted by its reveal or by the end, never by both or neither.
 */
async function finish(read: StoredGame, log: Logger): Promise<boolean> {
  let game = read;
  for (let attempt = 1; !(await finishFrom(game, log)); attempt++) {
    const again = await getGame(game.gameId);
    if (!again || again.state === 'finished' || attempt >= RETRY.attempts) return false;
    game = again;
  }
  return true;
}

/** The end from `game` as read; false when the game moved on since (read it again). */
async function finishFrom(game: StoredGame, log: Logger): Promise<boolean> {
  const open =
    game.state === 'question' || (game.state === 'reveal' && !game.stats[String(game.questionIndex)]);
  let players: ClassPlayerItem[];
  let ended: StoredGame = game;
  if (open) {
    players = await closeQuestion(game.gameId, game.questionIndex);
    const { stats } = revealOf(game, game.questionIndex, players);
    ended = { ...game, stats: { ...game.stats, [String(game.questionIndex)]: stats } };
  } else players = await listPlayers(game.gameId);
  // Every question is closed now: the results show every answer, the last one's too.
  const finished = await finishGame(game, resultsOf({ ...ended, state: 'finished' }, players));
  if (!finished) return false;
  const active = activePlayers(players);
  const podium = podiumOf(active);
  const ranks = rankPlayers(active);
  await Promise.all([
    sendToHost(
      finished,
      { type: 'class_finished', gameId: game.gameId, podium, players: finalTable(active) },
      log,
    ),
    sendToPlayers(
      active,
      (player) => ({
        type: 'class_finished',
        gameId: game.gameId,
        podium,
        rank: ranks.get(player.playerId)!,
        totalScore: player.score,
      }),
      log,
    ),
  ]);
  // Ended during a question: its answers count in the records as a reveal's would.
  const records = await classRecords();
  if (open) await records.recordClassReveal(game, game.questionIndex, players, log);
  await records.countClassGame(game, players, log);
  return true;
}

/**
 * How long after a question's deadline its reveal closes the players' items: an answer received
 * just before the deadline (the rule is API Gateway's receipt time) may still be on its way to its
 * item, and a close that came first would refuse it as too late.
 */
const ANSWER_GRACE_MS = 150;

/** The game clock's class ticks (functions/ws/tick.ts). */
export async function classTick(tick: ClassTick, log: Logger): Promise<void> {
  const early = tick.at - Date.now();
  if (tick.kind === 'class_deadline') {
    // Sent with the whole seconds before the deadline: the rest, and the answers' grace, is waited here.
    if (early + ANSWER_GRACE_MS > 0) await sleep(early + ANSWER_GRACE_MS);
    // Two opens racing (a double-clicked 次へ) each sent a tick for the step; the deadline that
    // counts is the one the winner wrote, which may be later than this tick's.
    const game = await getGameItem(tick.gameId);
    const wait =
      game?.state === 'question' && game.step === tick.step && game.deadline !== null
        ? game.deadline + ANSWER_GRACE_MS - Date.now()
        : 0;
    if (wait > 0) await sleep(wait);
    await reveal(tick.gameId, tick.step, log);
    return;
  }
  if (early > 1000) {
    // Sent again until due, but not for a game never made (its creation was refused after the
    // tick was sent) or already ended: such ticks would hop for two hours.
    const item = await getGameItem(tick.gameId);
    if (item && item.state !== 'finished') await scheduleClassTick(tick);
    return;
  }
  const game = await getGame(tick.gameId);
  if (game && game.state !== 'finished') await finish(game, log);
}

// ——— The host ———

/**
 * The game a host frame names, if the caller is its host (by session); `not_host` otherwise (a
 * socket frame: the HTTP calls' check is class-game.ts `hostedGame`, which answers 404).
 */
async function gameOfHostFrame(caller: ClassCaller, gameId: string): Promise<StoredGame> {
  const game = await getGame(gameId);
  if (!game) throw classError('not_found', m.gameMissing);
  if (!caller.userId || game.hostId !== caller.userId) throw classError('not_host', m.notHost);
  return game;
}

/**
 * Makes the caller's socket the game's host screen (it receives what the game sends the host):
 * only `class_host` does, which the host's page sends on each open, so the other host frames
 * write nothing but their own change.
 */
async function attachHostScreen(caller: ClassCaller, game: StoredGame): Promise<StoredGame> {
  if (game.hostConnectionId === caller.connection.connectionId) return game;
  await setHostSocket(game.gameId, socketOf(caller));
  return {
    ...game,
    hostConnectionId: caller.connection.connectionId,
    hostEndpoint: caller.connection.endpoint,
  };
}

async function hostLimit(caller: ClassCaller) {
  if (
    !(await withinRateLimit(
      `class-host#${caller.userId ?? caller.connection.connectionId}`,
      CLASSROOM_LIMITS.hostActionsPerTenSeconds,
      10,
    ))
  )
    throw classError('rate_limited', m.busy);
}

/** `class_host`: attaches this socket as the game's host screen; the game as it stands. */
export async function hostClass(caller: ClassCaller, input: Input<'class_host'>): Promise<void> {
  await hostLimit(caller);
  const game = await attachHostScreen(caller, await gameOfHostFrame(caller, input.gameId));
  await caller.reply({
    type: 'class_hosting',
    game: toHostGame(game, await listPlayers(game.gameId), getConfig().appUrl),
  });
}

/** `class_start`: the first question, from the lobby with at least one player. */
export async function startClass(caller: ClassCaller, input: Input<'class_start'>): Promise<void> {
  await hostLimit(caller);
  let game = await gameOfHostFrame(caller, input.gameId);
  const now = Date.now();
  if (!isLive(game, now)) throw classError('not_found', m.ended);
  if (game.state !== 'lobby') throw classError('invalid', m.alreadyStarted);
  // Seats of the lobby whose players dropped longer ago than they may come back are given up, so a
  // tablet gone before the start holds up no question ("everyone answered") and is no 0 in the results.
  const gone = (await listPlayers(game.gameId)).filter((player) => droppedTooLong(player, now));
  if (gone.length) {
    await Promise.all(gone.map((player) => giveUp(game, player, caller.log)));
    game = (await getGame(game.gameId)) ?? game;
  }
  if (game.playerCount < 1) throw classError('invalid', m.tooFewPlayers);
  if (!(await startQuestion(game, 0, caller.log))) throw classError('invalid', m.alreadyStarted);
}

/** `class_next`: from a reveal, the next question, or after the last the end. */
export async function nextClass(caller: ClassCaller, input: Input<'class_next'>): Promise<void> {
  await hostLimit(caller);
  const game = await gameOfHostFrame(caller, input.gameId);
  // Not in a reveal: not started, or moved on already (another 次へ, or the end).
  if (game.state !== 'reveal')
    throw classError(
      'invalid',
      game.state === 'lobby' ? m.notStarted : game.state === 'finished' ? m.ended : m.alreadyMoved,
    );
  // The reveal is counted and saved before anything moves on (its save is refused otherwise, and
  // the question's figures, results and records would be lost).
  if (!game.stats[String(game.questionIndex)]) throw classError('busy', m.revealing);
  const moved =
    game.questionIndex + 1 < game.questions.length
      ? await startQuestion(game, game.questionIndex + 1, caller.log)
      : await finish(game, caller.log);
  if (!moved) throw classError('invalid', m.alreadyMoved);
}

/** `class_reveal_now`: ends the open question now. */
export async function revealNow(caller: ClassCaller, input: Input<'class_reveal_now'>): Promise<void> {
  await hostLimit(caller);
  const game = await gameOfHostFrame(caller, input.gameId);
  if (game.state !== 'question') throw classError('invalid', m.notAnswering);
  if (!(await reveal(game.gameId, game.step, caller.log))) throw classError('invalid', m.alreadyMoved);
}

/** `class_kick`: removes a player (told `class_left {kicked}`); their nickname is free again. */
export async function kickPlayer(caller: ClassCaller, input: Input<'class_kick'>): Promise<void> {
  await hostLimit(caller);
  const game = await gameOfHostFrame(caller, input.gameId);
  const player = await getPlayer(game.gameId, input.playerId);
  if (!player || player.removed) throw classError('not_in_game', m.notJoined);
  if (!(await removePlayer(game.gameId, player))) throw classError('not_in_game', m.notJoined);
  if (player.connectionId) await releaseClassSocket(player.connectionId, player.playerId);
  if (player.connected)
    await sendFrame(player, { type: 'class_left', gameId: game.gameId, reason: 'kicked' }, caller.log);
  const after = (await getGame(game.gameId)) ?? game;
  await announcePlayers(after, 'class_player_left', caller.log);
  await revealIfAllAnswered(after, caller.log);
}

/** `class_lock`: no new players while locked. */
export async function lockClass(caller: ClassCaller, input: Input<'class_lock'>): Promise<void> {
  await hostLimit(caller);
  const game = await gameOfHostFrame(caller, input.gameId);
  await setLocked(game.gameId, input.locked);
  await caller.reply({ type: 'class_locked', gameId: game.gameId, locked: input.locked });
}

/** `class_end`: ends the game at once; everyone gets `class_finished`. */
export async function endClass(caller: ClassCaller, input: Input<'class_end'>): Promise<void> {
  await hostLimit(caller);
  const game = await gameOfHostFrame(caller, input.gameId);
  if (game.state === 'finished') throw classError('invalid', m.ended);
  if (!(await finish(game, caller.log))) throw classError('invalid', m.ended);
}
