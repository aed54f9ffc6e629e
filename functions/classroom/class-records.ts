import { classGameEvent } from '../learning/event-policy';
import { liveQuizOf, putLiveAnswerEvent, recordWrongLiveAnswers } from '../learning/live-records';
import type { Logger } from '../lib/logger';
import { countGame, countReveal } from '../quizzes/analytics';
import { eachBounded } from '../lib/each-bounded';
import { FAN_OUT_CONCURRENCY } from './class-fan-out';
import { activePlayers, type ClassGame, type ClassPlayerItem, type PlayerAnswer } from './class-policy';

/**
 * A class game in its members' learning records and in its quiz's analytics for the author, as a
 * room's game is (functions/multiplayer/learning-records.ts, quiz-analytics.ts):
 * - each reveal gives each signed-in player who answered an answer event (their day, streak,
 *   categories; the same event written twice is one) and each wrong answer enters their review of
 *   mistakes; guests have no records;
 * - each reveal adds every player's answer (a guest's too) to the question's counters, and the
 *   finished game counts a play of every member still in it who answered (once as a player).
 * All of it runs after the step was written and announced, once (a step happens once), and never
 * fails the game: a write is tried again while DynamoDB is busy or out of reach, and one that
 * still fails is logged.
 */

interface Answered {
  player: ClassPlayerItem;
  answer: PlayerAnswer;
}

/** The reveal of question `questionIndex`, from the players' items as its close returned them. */
export async function recordClassReveal(
  game: ClassGame,
  questionIndex: number,
  players: readonly ClassPlayerItem[],
  log: Logger,
): Promise<void> {
  const question = game.questions[questionIndex];
  if (!question) return;
  const answered = players.flatMap((player): Answered[] => {
    const answer = player.answers[String(questionIndex)];
    return answer ? [{ player, answer }] : [];
  });
  const tally = answered.map(({ answer }) => ({ letter: answer.answer, ms: answer.ms }));
  await Promise.all([
    countReveal(game.quizId, game.questions, question.id, tally, log),
    recordMembers(
      game,
      questionIndex,
      answered.filter(({ player }) => player.userId),
      log,
    ).catch((error: unknown) => log.error('recording a class reveal failed', { error, gameId: game.gameId })),
  ]);
}

async function recordMembers(
  game: ClassGame,
  questionIndex: number,
  members: readonly Answered[],
  log: Logger,
): Promise<void> {
  const question = game.questions[questionIndex];
  if (!question || members.length === 0) return;
  const quiz = await liveQuizOf(game.quizId, { category: '', difficulty: '' }, log);
  const startedAt = game.questionStartedAt ?? Date.now();
  const at = (answer: PlayerAnswer) => new Date(startedAt + answer.ms);
  await eachBounded(members, FAN_OUT_CONCURRENCY, ({ player, answer }) =>
    putLiveAnswerEvent(
      classGameEvent({
        userId: player.userId!,
        gameId: game.gameId,
        questionIndex,
        quizId: game.quizId,
        correct: answer.correct,
        secondsTaken: answer.ms / 1000,
        category: quiz.category,
        difficulty: quiz.difficulty,
        answeredAt: at(answer),
      }),
    ).catch((error: unknown) =>
      log.error('writing a class answer event failed', { error, gameId: game.gameId }),
    ),
  );
  const wrong = members
    .filter(({ answer }) => !answer.correct)
    .map(({ player, answer }) => ({ userId: player.userId!, answer: answer.answer, at: at(answer) }));
  await recordWrongLiveAnswers({ quizId: game.quizId, questionId: question.id, question, quiz }, wrong, log);
}

/**
 * The finished game: a play of every signed-in player still in it who answered at least one
 * question. Guests' answers count in the questions' figures but make no plays: anyone could open
 * a game and fill it with 100 guest sockets, and the plays and average score of a quiz are what a
 * member did (solo play needs an account too).
 */
export async function countClassGame(
  game: ClassGame,
  players: readonly ClassPlayerItem[],
  log: Logger,
): Promise<void> {
  const played = activePlayers(players).flatMap((player) =>
    player.userId && Object.keys(player.answers).length > 0
      ? [{ userId: player.userId, correct: player.correctCount }]
      : [],
  );
  await countGame(game.quizId, played, game.questions.length, new Date(), log);
}
