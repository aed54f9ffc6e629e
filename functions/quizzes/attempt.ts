import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import { backoffMs, pause, RETRY } from '../data/retry';
import { ConditionsFailed } from '../data/errors';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { currentTime } from '../lib/clock';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { attemptEvent } from '../learning/event-policy';
import { answerEventPut } from '../learning/event-store';
import { completionAchievements } from '../learning/record-policy';
import { completionItems, grantAchievements } from '../learning/record-store';
import type { UserItem } from '../users/user-store';
import { endedGameOf } from '../multiplayer/room';
import { findSeatRoom } from '../multiplayer/room-store';
import { newAttempt, PLAY_LIMITS, playMarkOf, scorePlay, type Answer } from './attempt-policy';
import {
  countPlay,
  findAttempt,
  findPlayerMark,
  findRating,
  putPlay,
  putProgress,
  putRating,
  quizzesCompletedOf,
  type AttemptItem,
} from './attempt-store';
import { countSoloPlay } from './analytics';
import { countDailyPlayer } from './featured-store';
import { viewableQuizDetail } from './quiz';

/**
 * Plays of a quiz: the server scores every finished play from the stored correct answers
 * (attempt-policy.ts) and saves it with the quiz's counters (attempt-store.ts).
 */

/**
 * Counts a finished play in the player's and their address's allowances by the questions it
 * reveals (`PLAY_LIMITS`); 429 when it does not fit, before anything is written.
 */
async function countPlayedQuestions(userId: string, ipAddress: string, questions: number) {
  const { questionsPerMember, questionsPerAddress, windowSeconds } = PLAY_LIMITS;
  const uses = Math.max(1, questions);
  // One after the other, as the answer checks are counted: a play the address's allowance refuses
  // spends none of the member's.
  const allowed =
    (await withinIpRateLimit(
      'play-questions',
      ipAddress,
      questionsPerAddress,
      windowSeconds,
      undefined,
      uses,
    )) &&
    (await withinRateLimit(`play-questions#${userId}`, questionsPerMember, windowSeconds, undefined, uses));
  if (!allowed) throw new TooManyRequestsError(ATTEMPT_MESSAGES.playsTooFast);
}

/**
 * Whether the play is the game of room `roomId` the member just finished on this quiz, as the
 * multiplayer page says when it sends it (false when it does not, or when unsure).
 */
const liveGameOf = async (userId: string, quizId: string, roomId: string | undefined) =>
  roomId !== undefined &&
  findSeatRoom(userId).then(
    (room) => Boolean(room?.code === roomId && endedGameOf(room, userId, quizId)),
    () => false,
  );

/**
 * Scores and saves a finished play of a quiz the player may see. The play a multiplayer page sends
 * at a game's end is saved as any play (the profile's counts and results), but its answers are in
 * the learning records, the review and the author's analytics already, from the game's reveals:
 * they are not counted again.
 */
export async function saveAttempt(
  user: UserItem,
  ipAddress: string,
  quizId: string,
  input: {
    answers: Record<string, Answer>;
    answersByIndex?: Record<string, Answer> | undefined;
    playId?: string | undefined;
    roomId?: string | undefined;
    /** Seconds the page saw spent on each question, for the author's analytics. */
    secondsByQuestion?: Record<string, number> | undefined;
  },
  log: Logger,
  now = currentTime(),
): Promise<AttemptItem> {
  const day = japanDate(now);
  // The mark as read says which kind the play is; when a parallel play of the same person wrote
  // it first, the transaction's condition fails and the mark is read again. It only moves forward
  // (none, then an earlier day, then today), so this ends by the third try. Read with the quiz.
  const kindOf = async () => playMarkOf(await findPlayerMark(quizId, user.id), day);
  const [{ quiz, questions }, firstMark, liveGame] = await Promise.all([
    viewableQuizDetail(quizId, user),
    kindOf(),
    liveGameOf(user.id, quizId, input.roomId),
  ]);
  await countPlayedQuestions(user.id, ipAddress, questions.length);
  let mark = firstMark;
  const scored = scorePlay(questions, input);
  const { answers, score } = scored;
  const attempt = newAttempt(quizId, user.id, scored, now);
  const completion = [
    ...completionItems(
      {
        userId: user.id,
        quizId,
        category: quiz.category,
        difficulty: quiz.difficulty,
        questions,
        answers,
        score,
        review: !liveGame,
      },
      now,
    ),
    // Saved with the play, so the learning records always catch up with it (recorder.ts).
    answerEventPut(
      attemptEvent({
        userId: user.id,
        attemptId: attempt.id,
        quizId,
        playId: input.playId,
        questions,
        answers,
        category: quiz.category,
        difficulty: quiz.difficulty,
        answeredAt: now,
        liveGame,
      }),
    ),
  ];
  let saved: AttemptItem;
  for (let tries = 1; ; tries++) {
    try {
      saved = await putPlay(attempt, mark, day, now, completion);
      break;
    } catch (error) {
      if (!(mark !== 'again' && tries < 3 && error instanceof ConditionsFailed && error.has('player')))
        throw error;
      mark = await kindOf();
    }
  }
  emitMetric(METRIC.plays);

  // The author's analytics first (the answers' counters, and the person's analytics mark at their
  // first play), then the quiz's counters with the play's analytics totals in the same write: a
  // quiz deleted meanwhile refuses the play (404, the play and those counters removed); any other
  // failure leaves the play saved with the player's records, and is logged.
  const counted = (async () => {
    const analytics = liveGame
      ? { add: {}, written: [] }
      : await countSoloPlay(
          saved,
          questions,
          input.secondsByQuestion,
          mark === 'first' ? user : undefined,
          log,
        );
    try {
      await countPlay(saved, mark, analytics);
      // This week's players, for the featured quiz: each account once a day.
      if (mark !== 'again') await countDailyPlayer(quizId, now);
    } catch (error) {
      if (error instanceof NotFoundError) throw error;
      log.error('counting the play on its quiz failed', { error });
    }
  })();
  // Meanwhile the achievements, from the player's own new total (written with the play, which the
  // player keeps even when the quiz's count refuses it). The play stands whatever happens from
  // here (a retry would count it twice): an achievement missed now is granted at the next play.
  const granted = (async () => {
    try {
      await grantAchievements(
        user.id,
        completionAchievements(await quizzesCompletedOf(user.id), score, questions.length),
        now,
      );
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) log.error('achievements failed', { error });
    }
  })();
  await Promise.all([counted, granted]);
  return saved;
}

/** Keeps the answers so far (at most a day), so a play in progress can be seen and resumed later. */
export async function saveProgress(
  user: UserItem,
  quizId: string,
  answers: Record<string, Answer>,
  now = new Date(),
) {
  await viewableQuizDetail(quizId, user);
  await putProgress(user.id, quizId, answers, now);
}

/**
 * Rates an attempt (1–5, only by the person who played). A person has one rating per quiz, kept
 * on their PLAYER item: rating again (any play of the quiz) replaces it. The quiz's sum and count
 * change by the difference with `ADD`, so any number of people can rate at once; the person's own
 * rating is replaced on the condition that it is still the one read, and read again when another
 * of their ratings won meanwhile.
 */
export async function rateAttempt(user: UserItem, attemptId: string, rating: number): Promise<void> {
  const record = await findAttempt(attemptId);
  if (!record || record.userId !== user.id) throw new NotFoundError(ATTEMPT_MESSAGES.notFound);
  for (let attempt = 1; ; attempt++) {
    const previous = await findRating(record.quizId, user.id);
    if (previous === undefined) throw new NotFoundError(ATTEMPT_MESSAGES.notFound);
    try {
      await putRating({ id: attemptId, quizId: record.quizId, userId: user.id }, rating, previous);
      return;
    } catch (error) {
      // Another rating of theirs changed the PLAYER item after it was read: read it again.
      if (!(error instanceof ConditionsFailed && error.has('player')) || attempt >= RETRY.attempts)
        throw error;
      await pause(backoffMs(attempt));
    }
  }
}
