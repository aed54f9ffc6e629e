import type { AnswerLetter } from '@shared/constants';
import { PERFECT_BONUS, POINTS_PER_CORRECT, type AchievementKey } from '@shared/learning-constants';
import type { Question } from '@shared/quiz-schemas';

/**
 * How a finished play counts towards a member's learning records (record-store.ts writes them):
 * the points, the counters it adds to the profile and the day's stats, the questions it puts in
 * the review queue and the achievements it reaches.
 */

/** 10 points per correct answer, plus 50 for a perfect score (docs/decisions.md). */
export const pointsFor = (score: number, total: number) =>
  score * POINTS_PER_CORRECT + (total > 0 && score === total ? PERFECT_BONUS : 0);

/** What one finished play of `total` questions with `score` right adds to the counters and the day's stats. */
export const completionCounts = (total: number, score: number) => ({
  quizzesCompleted: 1,
  questionsAnswered: total,
  correctAnswers: score,
  points: pointsFor(score, total),
});

/** The questions of a play answered wrongly or left unanswered (`-`), with the answer given. */
export const answeredWrongly = (questions: readonly Question[], answers: Record<string, string>) =>
  questions.flatMap((question) => {
    const given = (answers[question.id] ?? '-') as AnswerLetter | '-';
    return given === question.correctAnswer ? [] : [{ question, given }];
  });

/** The achievements a member has reached after a play, given their completed count after it. */
export function completionAchievements(
  quizzesCompleted: number,
  score: number,
  total: number,
): AchievementKey[] {
  return [
    ...(quizzesCompleted >= 1 ? (['first_completion'] as const) : []),
    ...(quizzesCompleted >= 10 ? (['ten_completions'] as const) : []),
    ...(total > 0 && score === total ? (['first_perfect'] as const) : []),
  ];
}

/**
 * The seconds of a study answer that its day counts: the part of the answer's span (`claimed`
 * seconds up to `now`) after the moment the day has counted time up to (`studiedUntil`). The day's
 * time cannot run ahead of the clock, whatever a client claims: answers sent side by side, or one
 * after another faster than their claimed times, count once.
 */
export function creditedSeconds(claimed: number, now: Date, studiedUntil: string | undefined): number {
  if (!studiedUntil) return claimed;
  const since = Math.round((now.getTime() - Date.parse(studiedUntil)) / 1000);
  return Math.max(0, Math.min(claimed, since));
}
