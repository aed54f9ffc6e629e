import type { QuizAnalytics } from '@shared/quiz-analytics';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { Question } from '@shared/quiz-schemas';
import { NotFoundError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user-store';
import {
  contentOf,
  playTallies,
  questionVersions,
  quizAnalytics,
  scoreHundredths,
  tallyOf,
  type QuestionContent,
} from './analytics-policy';
import { addPlays, readAnalytics } from './analytics-store';
import type { Answer } from './attempt-policy';
import { mayReadAsAuthor } from './quiz-policy';
import { getQuizDetail } from './quiz-store';

/**
 * A quiz's analytics for its author: what solo plays and multiplayer games add (after the play or
 * reveal stands, never failing it: a failure is logged and the play is kept), and the figures the
 * author reads.
 */

/**
 * Counts a finished solo play (`questions` as it was scored against): its questions answered, the
 * play and its score, the player once.
 */
export async function countSoloPlay(
  play: {
    quizId: string;
    userId: string;
    answers: Record<string, Answer>;
    score: number;
    totalQuestions: number;
    completedAt: string;
  },
  questions: readonly Question[],
  seconds: Record<string, number> | undefined,
  /** Whether this is the person's first solo play of the quiz (their solo player mark's `first`). */
  firstSolo: boolean,
  log: Logger,
): Promise<void> {
  try {
    await addPlays(
      play.quizId,
      [
        {
          userId: play.userId,
          score: scoreHundredths(play.score, play.totalQuestions),
          firstSolo,
        },
      ],
      playTallies(questions, play.answers, seconds),
      play.completedAt,
    );
  } catch (error) {
    log.error('counting the play in the quiz analytics failed', { error, quizId: play.quizId });
  }
}

/**
 * Counts a multiplayer reveal: the players' answers to the game's question `questionId` (the game's
 * copy of the quiz: an answer counts for the version asked), each with the milliseconds it took.
 */
export async function countReveal(
  quizId: string,
  questions: readonly QuestionContent[],
  questionId: string,
  answers: readonly { letter: Answer; ms: number }[],
  log: Logger,
): Promise<void> {
  const question = questions.find((candidate) => candidate.id === questionId);
  const version = questionVersions(questions).get(questionId);
  if (!question || !version || answers.length === 0) return;
  try {
    await addPlays(quizId, [], [{ version, tally: tallyOf(answers) }], '');
  } catch (error) {
    log.error('counting a reveal in the quiz analytics failed', { error, quizId });
  }
}

/** Counts a finished multiplayer game: a play of each player, scored by the questions they got right. */
export async function countGame(
  quizId: string,
  players: readonly { userId: string; correct: number }[],
  totalQuestions: number,
  at: Date,
  log: Logger,
): Promise<void> {
  if (players.length === 0) return;
  try {
    await addPlays(
      quizId,
      players.map((player) => ({
        userId: player.userId,
        score: scoreHundredths(player.correct, totalQuestions),
      })),
      [],
      at.toISOString(),
    );
  } catch (error) {
    log.error('counting a game in the quiz analytics failed', { error, quizId });
  }
}

/**
 * The analytics of a quiz for its author or an administrator (`mayReadAsAuthor`; 404 for anyone
 * else, as the author's other reads): one read of the quiz and its questions, one batch read of the counters.
 */
export async function readQuizAnalytics(user: UserItem, quizId: string): Promise<QuizAnalytics> {
  const detail = await getQuizDetail(quizId);
  if (!detail || !mayReadAsAuthor(detail.quiz, user)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const versions = questionVersions(detail.questions.map(contentOf));
  const { totals, tallies } = await readAnalytics(quizId, [...versions.values()]);
  return quizAnalytics(detail.quiz, detail.questions, totals, tallies);
}
