import type { Logger } from '../lib/logger';
import { countGame, countReveal } from '../quizzes/analytics';
import { seatsInOrder, type GameQuestion, type RoomState } from './room';

/**
 * A game in its quiz's analytics for the author (docs/decisions.md "Issue 30: per-question
 * analytics"): each reveal adds its players' answers to the question's counters (one write, however
 * many players), and a finished game counts a play per player, scored by their right answers. Both
 * run once, after the step that made them was written (a step happens once); a failure is logged
 * and the game goes on.
 */

/** The reveal of the room's current question (`room` as revealed, `questions` the game's copy). */
export async function countRevealInAnalytics(
  room: RoomState,
  questions: readonly GameQuestion[],
  log: Logger,
): Promise<void> {
  const index = room.questionIndex;
  const questionId = room.questionIds[index];
  if (!questionId) return;
  const answers = seatsInOrder(room).flatMap(([, seat]) => {
    const given = seat.answers[String(index)];
    return given ? [{ letter: given.answer, ms: given.at - room.questionStartedAt }] : [];
  });
  await countReveal(room.settings.quizId, questions, questionId, answers, log);
}

/** The finished game: a play of every player seated at its end. */
export async function countGameInAnalytics(room: RoomState, log: Logger): Promise<void> {
  const players = seatsInOrder(room).map(([userId, seat]) => ({
    userId,
    correct: room.answerKey.filter((letter, index) => seat.answers[String(index)]?.answer === letter).length,
  }));
  await countGame(room.settings.quizId, players, room.answerKey.length, new Date(), log);
}
