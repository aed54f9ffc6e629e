import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';

/**
 * Per-question analytics of a quiz, for its author and administrators (issue 30): how many plays
 * and people, the average score, and for each question how often it was answered, how often right,
 * which options were chosen and how long answers took. Solo plays and multiplayer reveals both
 * count; an answer counts for the version of the question it answered (an edited question starts
 * again from nothing).
 */
export const QUIZ_ANALYTICS_MESSAGES = {
  /** The hint of a question whose most chosen option is a wrong one. */
  misleadingOption: (letter: string) =>
    `多くの人が選択肢${letter}を選んでいます。問題文や選択肢の表現を見直しましょう。`,
} as const;

const optionCountsSchema = z.object({ A: z.number(), B: z.number(), C: z.number(), D: z.number() });
export type OptionCounts = z.infer<typeof optionCountsSchema>;

/** One question's figures, beside what the page needs to show it (text, options, answer). */
export const questionAnalyticsSchema = z.object({
  questionId: z.string(),
  /** Answers given (a question left unanswered is not counted). */
  answered: z.number(),
  /** Percent of the answers that were right, one decimal; null before any answer. */
  correctRate: z.number().nullable(),
  optionCounts: optionCountsSchema,
  /** Seconds an answer took on average, one decimal; null when no answer carried its time. */
  averageTimeSpent: z.number().nullable(),
  order: z.number(),
  questionText: z.string(),
  options: z.object({ A: z.string(), B: z.string(), C: z.string().nullable(), D: z.string().nullable() }),
  correctAnswer: z.enum(ANSWER_LETTERS),
});
export type QuestionAnalytics = z.infer<typeof questionAnalyticsSchema>;

/** `GET /api/my-quizzes/{id}/analytics`: the questions in the quiz's order. */
export const quizAnalyticsSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  /** Finished solo plays and finished multiplayer games' players. */
  plays: z.number(),
  /** Distinct people among them. */
  players: z.number(),
  /** The plays' average percent of questions right, one decimal; null before a play. */
  averageScore: z.number().nullable(),
  questions: z.array(questionAnalyticsSchema),
});
export type QuizAnalytics = z.infer<typeof quizAnalyticsSchema>;

/** Fewer answers than this say too little about an option to hint at it. */
export const HINT_MIN_ANSWERS = 3;

/**
 * The wrong option most players chose, when one does: it alone draws more answers than any other
 * option, the right one included, over at least `HINT_MIN_ANSWERS` answers. Such a question is
 * often worded ambiguously, or the option reads as right.
 */
export function misleadingOption(
  question: Pick<QuestionAnalytics, 'answered' | 'optionCounts' | 'correctAnswer'>,
) {
  if (question.answered < HINT_MIN_ANSWERS) return null;
  const counts = Object.entries(question.optionCounts) as [keyof OptionCounts, number][];
  const [top, runnerUp] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!top || top[1] === 0 || top[0] === question.correctAnswer || (runnerUp && runnerUp[1] === top[1]))
    return null;
  return top[0];
}

/** The questions hardest first: the lowest right rate first, those nobody answered yet last, then in quiz order. */
export const hardestFirst = <Q extends Pick<QuestionAnalytics, 'correctRate' | 'order'>>(
  questions: readonly Q[],
) =>
  [...questions].sort(
    (a, b) => (a.correctRate ?? Infinity) - (b.correctRate ?? Infinity) || a.order - b.order,
  );
