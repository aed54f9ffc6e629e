import { randomUUID } from 'node:crypto';
import type { AnswerLetter } from '@shared/constants';
import type { Question } from '@shared/quiz-schemas';

/**
 * The rules of plays, as pure functions of a quiz's questions, the answers and the time: the score
 * (from the stored correct answers, never the client's), what a play is to the quiz's counters,
 * what a rating changes, and how long a play in progress is kept. attempt-store.ts writes them,
 * attempt.ts puts the two together.
 */

/**
 * A finished play shows its player every question's right answer (the profile's mistakes, the
 * review), so plays are counted by the questions they reveal, as answer checks are counted by
 * theirs (quiz-policy.ts `ANSWER_CHECK_LIMITS`): three plays of the largest quiz in ten minutes,
 * or a hundred of three questions, and a script cannot read the key of quiz after quiz through them.
 */
export const PLAY_LIMITS = {
  questionsPerMember: 300,
  questionsPerAddress: 3000,
  windowSeconds: 600,
} as const;

/** A question's answer: a letter, or `-` for none. */
export type Answer = AnswerLetter | '-';

/** A finished play as the rules read it: everything but its keys in the table. */
export interface Attempt {
  id: string;
  quizId: string;
  userId: string;
  score: number;
  totalQuestions: number;
  answers: Record<string, Answer>;
  answersByIndex: Record<string, Answer>;
  rating: number | null;
  completedAt: string;
}

/**
 * Scores a finished play: each question's answer is taken by its id, else by its position, else
 * none; one point per correct answer.
 */
export function scorePlay(
  questions: readonly Pick<Question, 'id' | 'correctAnswer'>[],
  input: { answers: Record<string, Answer>; answersByIndex?: Record<string, Answer> | undefined },
): Pick<Attempt, 'answers' | 'answersByIndex' | 'score' | 'totalQuestions'> {
  const answers: Record<string, Answer> = {};
  const answersByIndex: Record<string, Answer> = {};
  let score = 0;
  questions.forEach((question, index) => {
    const given = input.answers[question.id] ?? input.answersByIndex?.[String(index)] ?? '-';
    answers[question.id] = given;
    answersByIndex[String(index)] = given;
    if (given === question.correctAnswer) score += 1;
  });
  return { answers, answersByIndex, score, totalQuestions: questions.length };
}

/** A new play of `quizId`: its id names the quiz (the play lives in the quiz's partition). */
export const newAttempt = (
  quizId: string,
  userId: string,
  scored: Pick<Attempt, 'answers' | 'answersByIndex' | 'score' | 'totalQuestions'>,
  now: Date,
): Attempt => ({
  id: `${quizId}~${randomUUID()}`,
  quizId,
  userId,
  ...scored,
  rating: null,
  completedAt: now.toISOString(),
});

/**
 * What a play is to the quiz's counters: a new participant (`first`), a returning one's first
 * play today (`firstToday`: a new player of the day for the featured quiz), or another play today
 * (`again`: counted as a play only).
 */
export type PlayMark = 'first' | 'firstToday' | 'again';

/** The mark of a play on `day` (Japan time), from the person's player mark as read (none: never played). */
export function playMarkOf(player: { lastPlayedDay?: string } | undefined, day: string): PlayMark {
  if (!player) return 'first';
  return String(player.lastPlayedDay ?? '') < day ? 'firstToday' : 'again';
}

/**
 * What a person's rating of a quiz changes in the quiz's sum and count: a first rating adds one
 * rating, a new rating replaces the previous one (the sum moves by the difference, the count stays).
 */
export const ratingChange = (rating: number, previous: number | null) => ({
  difference: rating - (previous ?? 0),
  added: previous === null ? 1 : 0,
});

/** A play in progress is kept a day, so it can be seen and resumed later. */
export const progressKeptUntil = (now: Date) => new Date(now.getTime() + 86_400_000);
