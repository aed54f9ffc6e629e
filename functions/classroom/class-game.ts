import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { FileDownload } from '@shared/api';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import type { ClassResults, createClassGameSchema, HostGame } from '@shared/classroom';
import { getConfig } from '../lib/config';
import { scheduleClassTick } from './class-clock';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { rateLimitWrite } from '../lib/rate-limit';
import { canView, isPubliclyVisible, playedQuestions } from '../quizzes/quiz-policy';
import { getQuizDetail } from '../quizzes/quiz-store';
import { writeCsv } from '../spreadsheets/sheet-csv';
import { escapeFormula } from '../spreadsheets/sheet-layout-policy';
import type { Member } from '../users/user-policy';
import {
  joinUrlOf,
  publicResults,
  resultsCsvRows,
  resultsFileNames,
  resultsOf,
  toHostGame,
  type ClassGame,
  type StoredResults,
} from './class-policy';
import { getGame, getResults, insertGame, listHostGames, listPlayers } from './class-store';

/**
 * The host's HTTP calls of class games (shared/contract/classroom.ts): open a game, read it, list
 * the host's games, and their results (JSON and CSV). Everything live goes over `/ws`
 * (class-play.ts).
 */

const m = CLASSROOM_MESSAGES;
type CreateInput = z.output<typeof createClassGameSchema>;

/**
 * The quiz a class plays: a public one (published, not hidden) or the host's own, even private (a
 * teacher's own material), but never one an administrator hid, even from its author: a whole class
 * would see what moderation took down. Its questions copied with the answer key, in play order.
 */
async function classQuiz(quizId: string, host: Member, randomOrder: boolean) {
  const detail = await getQuizDetail(quizId);
  if (!detail || !canView(detail.quiz, host)) throw new NotFoundError(m.quizNotFound);
  if (!isPubliclyVisible(detail.quiz) && detail.quiz.authorId !== host.id)
    throw new NotFoundError(m.quizNotFound);
  if (detail.quiz.isHidden) throw new ConflictError(m.quizHidden);
  if (detail.questions.length === 0) throw new ConflictError(m.quizWithoutQuestions);
  return { quiz: detail.quiz, questions: playedQuestions(detail.questions, randomOrder) };
}

/**
 * `POST /api/classroom/games`: a game in one of the host's three slots under a fresh PIN. Counted
 * against the host's creations a minute only when the game is made, so parallel creations beyond
 * the free slots are all `tooManyGames`.
 */
export async function createClassGame(host: Member, input: CreateInput) {
  const { quiz, questions } = await classQuiz(input.quizId, host, input.randomOrder);
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const endsAtMs = now + CLASSROOM_LIMITS.gameHours * 3600_000;
  const gameId = randomUUID();
  const build = (pin: string): ClassGame => ({
    gameId,
    hostId: host.id,
    quizId: quiz.id,
    quizTitle: quiz.title,
    settings: {
      timePerQuestion: input.timePerQuestion,
      randomOrder: input.randomOrder,
      maxPlayers: input.maxPlayers,
      showQuestionText: input.showQuestionText,
    },
    pin,
    state: 'lobby',
    locked: false,
    questionIndex: -1,
    step: 0,
    deadline: null,
    questionStartedAt: null,
    questions,
    playerCount: 0,
    answeredCount: 0,
    hostConnectionId: null,
    hostEndpoint: null,
    stats: {},
    reveal: null,
    createdAt,
    endsAt: new Date(endsAtMs).toISOString(),
    endsAtMs,
  });
  // The game's end two hours on, its clock (a class_end tick, put forward in 15-minute hops), sent
  // before the game exists: if SQS fails no game is left without its end, and a tick for a game
  // never made (the insert failed) finds nothing to end.
  await scheduleClassTick({ kind: 'class_end', gameId, at: endsAtMs });
  const game = await insertGame(
    host.id,
    build,
    () =>
      rateLimitWrite(
        `class-create#${host.id}`,
        CLASSROOM_LIMITS.createsPerMinute,
        60,
        1,
        () => new TooManyRequestsError(m.createTooFast),
      ),
    now,
    () => new TooManyRequestsError(m.tooManyGames),
    () => new ConflictError(m.busy),
  );
  return { gameId: game.gameId, pin: game.pin, joinUrl: joinUrlOf(getConfig().appUrl, game.pin) };
}

/** The game, for its host only (anyone else: 404, as for a game that does not exist). */
export async function hostedGame(host: { id: string }, gameId: string) {
  const game = await getGame(gameId);
  if (!game || game.hostId !== host.id) throw new NotFoundError(m.gameMissing);
  return game;
}

/** `GET /api/classroom/games/{gameId}`. */
export async function getHostGame(host: Member, gameId: string): Promise<HostGame> {
  const game = await hostedGame(host, gameId);
  return toHostGame(game, await listPlayers(gameId), getConfig().appUrl);
}

/** `GET /api/classroom/games`: the host's games of the last 90 days, newest first, the newest 100 at most. */
export async function listClassGames(host: Member) {
  const since = new Date(Date.now() - CLASSROOM_LIMITS.resultsDays * 24 * 3600_000).toISOString();
  const now = Date.now();
  const games = await listHostGames(host.id, since, CLASSROOM_LIMITS.hostGamesListed);
  return {
    games: games.map((game) => ({
      gameId: game.gameId,
      quizTitle: game.quizTitle,
      playedAt: game.createdAt,
      // A game past its two hours whose end tick has not come yet is over all the same.
      state: game.state !== 'finished' && now >= game.endsAtMs ? ('finished' as const) : game.state,
      playerCount: game.playerCount,
    })),
  };
}

/** The results of a finished game, or the live figures of one still running. */
async function storedResults(host: Member, gameId: string): Promise<StoredResults> {
  const game = await hostedGame(host, gameId);
  if (game.state === 'finished') {
    const results = await getResults(gameId);
    if (results) return results;
  }
  return resultsOf(game, await listPlayers(gameId));
}

export async function classResults(host: Member, gameId: string): Promise<ClassResults> {
  return publicResults(await storedResults(host, gameId));
}

/** The results as a CSV file: UTF-8 with a BOM, one row a player, one column a question, formula-safe. */
export async function classResultsCsv(host: Member, gameId: string): Promise<FileDownload> {
  const results = await storedResults(host, gameId);
  const rows = resultsCsvRows(results).map((row) => row.map(escapeFormula));
  return {
    ...resultsFileNames(results, gameId),
    contentType: 'text/csv; charset=utf-8',
    bytes: writeCsv(rows),
  };
}
