import type { QuizAnalytics } from '@shared/quiz-analytics';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { Question } from '@shared/quiz-schemas';
import { NotFoundError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { ItemKey } from '../data/keys';
import { analyticsIdOf, analyticsIdsOf, type UserItem } from '../users/user-store';
import {
  contentOf,
  playTallies,
  questionVersions,
  quizAnalytics,
  scoreHundredths,
  tallyOf,
  type QuestionContent,
} from './analytics-policy';
import {
  addPlays,
  addTallies,
  markPlayer,
  playerMarkKey,
  readAnalytics,
  soloTotalsAddition,
} from './analytics-store';
import type { Answer } from './attempt-policy';
import { mayReadAsAuthor } from './quiz-policy';
import { getQuizDetail } from './quiz-store';

/**
 * A quiz's analytics for its author: what solo plays and multiplayer games add (after the play or
 * reveal stands, never failing it: a failure is logged and the play is kept), and the figures the
 * author reads.
 */

/**
 * A finished solo play's part in its quiz's totals, for the `ADD` that counts the play on the quiz
 * item (attempt-store.ts `countPlay`), and the analytics items written for it, which that `ADD`,
 * conditional on the quiz being active, removes again when it refuses the play.
 */
export interface SoloPlayAnalytics {
  add: Record<string, number>;
  written: ItemKey[];
}

/**
 * Counts a finished solo play (`questions` as it was scored against) before its quiz does: its
 * questions answered, and at the person's first solo play of the quiz (`firstPlayer`, the person
 * then) their player mark, in parallel; answers the play's totals for the quiz item. Never throws:
 * a failure is logged and the play counted without it.
 */
export async function countSoloPlay(
  play: {
    quizId: string;
    answers: Record<string, Answer>;
    score: number;
    totalQuestions: number;
    completedAt: string;
  },
  questions: readonly Question[],
  seconds: Record<string, number> | undefined,
  firstPlayer: Pick<UserItem, 'id' | 'analyticsId'> | undefined,
  log: Logger,
): Promise<SoloPlayAnalytics> {
  const { quizId } = play;
  const tallies = playTallies(questions, play.answers, seconds);
  const [marked, added] = await Promise.allSettled([
    (async () => {
      const analyticsId = firstPlayer && (await analyticsIdOf(firstPlayer));
      return analyticsId && (await markPlayer(quizId, analyticsId, play.completedAt))
        ? analyticsId
        : undefined;
    })(),
    addTallies(quizId, tallies),
  ]);
  const written: ItemKey[] = [];
  if (added.status === 'fulfilled') written.push(...added.value);
  else log.error('counting the answers in the quiz analytics failed', { error: added.reason, quizId });
  if (marked.status === 'fulfilled' && marked.value) written.push(playerMarkKey(quizId, marked.value));
  if (marked.status === 'rejected')
    log.error('marking the player in the quiz analytics failed', { error: marked.reason, quizId });
  return {
    add: soloTotalsAddition({
      plays: 1,
      players: marked.status === 'fulfilled' && marked.value ? 1 : 0,
      scoreSum: scoreHundredths(play.score, play.totalQuestions),
    }),
    written,
  };
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

/**
 * Counts a finished live game (a room's or a class game's): a play of each member, scored by the
 * questions they got right, and the members not counted before (by their pseudonyms, one batch read
 * of their profiles).
 */
export async function countGame(
  quizId: string,
  players: readonly { userId: string; correct: number }[],
  totalQuestions: number,
  at: Date,
  log: Logger,
): Promise<void> {
  if (players.length === 0) return;
  try {
    const analyticsIds = await analyticsIdsOf(players.map((player) => player.userId));
    await addPlays(
      quizId,
      players.map((player) => ({
        analyticsId: analyticsIds.get(player.userId),
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
 * else, as the author's other reads): one read of the quiz (with its solo totals) and its
 * questions, one batch read of the counters.
 */
export async function readQuizAnalytics(user: UserItem, quizId: string): Promise<QuizAnalytics> {
  const detail = await getQuizDetail(quizId);
  if (!detail || !mayReadAsAuthor(detail.quiz, user)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const versions = questionVersions(detail.questions.map(contentOf));
  const { totals, tallies } = await readAnalytics(detail.quiz, [...versions.values()]);
  return quizAnalytics(detail.quiz, detail.questions, totals, tallies);
}
