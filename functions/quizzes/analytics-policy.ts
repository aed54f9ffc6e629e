import { createHash } from 'node:crypto';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import type { QuizAnalytics } from '@shared/quiz-analytics';
import type { Question } from '@shared/quiz-schemas';
import type { Answer } from './attempt-policy';

/**
 * The rules of a quiz's analytics for its author, as pure functions: which version of a question an
 * answer counts for, what a finished play or a multiplayer reveal adds to each question's counters
 * and to the quiz's, and the figures the author reads from them. analytics-store.ts keeps the
 * counters, analytics.ts puts the two together.
 */

/**
 * What one question version's counters gain from some answers (every field is added with `ADD`).
 * How many answered and how many were right follow from the options' counts (a version has one
 * right answer), so they are not kept.
 */
export interface AnswerTally {
  A: number;
  B: number;
  C: number;
  D: number;
  /** Milliseconds the answers that carried their time took, summed. */
  timeSum: number;
  /** How many answers carried their time. */
  timed: number;
}

/** A question's content as a version names it: the quiz's stored question or a game's copy of it. */
export interface QuestionContent {
  id: string;
  text: string;
  options: { A: string; B: string; C?: string | null; D?: string | null };
  correctAnswer: AnswerLetter;
  /** Its picture (content-hashed URL): a changed picture makes a new version. */
  image?: { url: string } | null;
}

/** A stored question as content. */
export const contentOf = (question: Question): QuestionContent => ({
  id: question.id,
  text: question.questionText,
  options: { A: question.optionA, B: question.optionB, C: question.optionC, D: question.optionD },
  correctAnswer: question.correctAnswer,
  image: question.image,
});

const contentHash = (question: QuestionContent) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        question.text,
        question.options.A,
        question.options.B,
        question.options.C ?? null,
        question.options.D ?? null,
        question.correctAnswer,
        // Only when there is one, so a question without a picture keeps the version it had before pictures.
        ...(question.image ? [question.image.url] : []),
      ]),
    )
    .digest('base64url')
    .slice(0, 16);

/**
 * Each question's version, by question id: a hash of its text, options and answer, so an answer
 * counts for the question as it was asked and an edited question starts again from nothing, while a
 * question moved to another position keeps its figures. Identical questions of one quiz are told
 * apart by their ids' order (`-2`, `-3`), which a game's shuffled copy gives the same as the quiz.
 */
export function questionVersions(questions: readonly QuestionContent[]): Map<string, string> {
  const byHash = new Map<string, string[]>();
  for (const question of questions) {
    const hash = contentHash(question);
    byHash.set(hash, [...(byHash.get(hash) ?? []), question.id]);
  }
  const versions = new Map<string, string>();
  for (const [hash, ids] of byHash)
    [...ids].sort().forEach((id, rank) => versions.set(id, rank === 0 ? hash : `${hash}-${rank + 1}`));
  return versions;
}

/** The counters a tally has, as stored. */
export const TALLY_FIELDS = ['A', 'B', 'C', 'D', 'timeSum', 'timed'] as const;

const emptyTally = (): AnswerTally => ({
  A: 0,
  B: 0,
  C: 0,
  D: 0,
  timeSum: 0,
  timed: 0,
});

/** The longest an answer's time counts for (a tab left open is not an hour of thinking). */
export const ANSWER_TIME_MAX_MS = 600_000;

/**
 * What some answers to one question add to its counters; an answer without a letter (none given)
 * adds nothing, a time outside 0–10 minutes is not counted.
 */
export function tallyOf(answers: readonly { letter: Answer; ms?: number | undefined }[]): AnswerTally {
  const tally = emptyTally();
  for (const { letter, ms } of answers) {
    if (letter === '-') continue;
    tally[letter] += 1;
    if (ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= ANSWER_TIME_MAX_MS) {
      tally.timeSum += Math.round(ms);
      tally.timed += 1;
    }
  }
  return tally;
}

/**
 * What a finished solo play adds to its questions' counters, one entry per question answered
 * (so at most one write each): `answers` by question id as the play was scored, `seconds` the
 * page's time for each.
 */
export function playTallies(
  questions: readonly Question[],
  answers: Readonly<Record<string, Answer>>,
  seconds: Readonly<Record<string, number>> = {},
): { version: string; tally: AnswerTally }[] {
  const versions = questionVersions(questions.map(contentOf));
  return questions.flatMap((question) => {
    const given = answers[question.id] ?? '-';
    if (given === '-') return [];
    const time = seconds[question.id];
    const tally = tallyOf([{ letter: given, ms: time === undefined ? undefined : time * 1000 }]);
    return [{ version: versions.get(question.id)!, tally }];
  });
}

/** A play's score as the quiz's counters add it: hundredths of a percent right (an integer, so sums stay exact). */
export const scoreHundredths = (correct: number, total: number) =>
  total > 0 ? Math.round((correct * 10_000) / total) : 0;

/** The counters of a quiz's plays as stored. */
export interface PlayTotals {
  plays: number;
  players: number;
  scoreSum: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The figures the author reads: the quiz's totals and each question's, in the quiz's order. */
export function quizAnalytics(
  quiz: { id: string; title: string },
  questions: readonly Question[],
  totals: PlayTotals,
  tallies: ReadonlyMap<string, AnswerTally>,
): QuizAnalytics {
  const versions = questionVersions(questions.map(contentOf));
  return {
    quizId: quiz.id,
    title: quiz.title,
    plays: totals.plays,
    players: totals.players,
    averageScore: totals.plays > 0 ? oneDecimal(totals.scoreSum / totals.plays / 100) : null,
    questions: questions.map((question) => {
      const tally = tallies.get(versions.get(question.id)!) ?? emptyTally();
      const answered = tally.A + tally.B + tally.C + tally.D;
      return {
        questionId: question.id,
        answered,
        correctRate: answered > 0 ? oneDecimal((tally[question.correctAnswer] * 100) / answered) : null,
        optionCounts: Object.fromEntries(ANSWER_LETTERS.map((letter) => [letter, tally[letter]])) as Record<
          AnswerLetter,
          number
        >,
        averageTimeSpent: tally.timed > 0 ? oneDecimal(tally.timeSum / tally.timed / 1000) : null,
        order: question.order,
        questionText: question.questionText,
        options: { A: question.optionA, B: question.optionB, C: question.optionC, D: question.optionD },
        correctAnswer: question.correctAnswer,
      };
    }),
  };
}
