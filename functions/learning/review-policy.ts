import type { StudyQuestion } from '@shared/focused-study';
import type { Question } from '@shared/quiz-schemas';
import { japanDate } from '../lib/japan-time';

/**
 * The review queue (docs/focused-study.md): every question a member answers wrongly — in quiz
 * play (multiplayer included) or in focused study — is scheduled for review with SM-2. The
 * schedule lives on the member's wrong-answer item (`WRONG#<quizId>#<questionId>`, one per
 * question), so recording a wrong answer and (re)scheduling it is one write, inside the
 * transaction that saves the play or the run. The item keeps a copy of the question, so a
 * review can ask it whatever became of the quiz since.
 *
 * SM-2 (Wozniak 1990) with the easiness factor stored ×100 (250 = 2.5) and days in Japan time:
 * - a wrong answer outside a review puts the question at the start: repetition 0, interval 1 day,
 *   due tomorrow; its easiness stays as it is (SM-2: "start repetitions anew without changing the
 *   E-Factor"), and a new question starts at 250;
 * - in a review, a right answer is graded 5 and a wrong one 2: right lengthens the interval
 *   (the wrong answer scheduled SM-2's I(1) = 1 day; then I(2) = 6, then the last interval × EF),
 *   wrong resets it to 1 day (in everyone's review of mistakes the question stays due the same
 *   day instead: relearning, `nextReviewDay`); the easiness moves by
 *   SM-2's formula (+10 for a 5, −32 for a 2) and never goes below 130.
 */
export const SM2 = {
  startEasiness: 250,
  minEasiness: 130,
  firstInterval: 1,
  secondInterval: 6,
  rightGrade: 5,
  wrongGrade: 2,
} as const;

/** Focused-study questions have no quiz: their wrong-answer items use this in place of a quiz id. */
export const FOCUSED_STUDY_QUIZ = 'focused-study';

/** Which quiz and question a question of a review names (see `reviewQuestionId`). */
export interface ReviewKey {
  quizId: string;
  questionId: string;
}

/**
 * The id a question of quiz play has in focused study (`quiz~<quizId>~<questionId>`), so a
 * review, or a retry of one, finds its own item again; a focused-study question keeps its id.
 */
export const reviewQuestionId = ({ quizId, questionId }: ReviewKey) =>
  quizId === FOCUSED_STUDY_QUIZ ? questionId : `quiz~${quizId}~${questionId}`;

export function reviewKeyOf(questionId: string): ReviewKey {
  const quiz = /^quiz~([\w-]+)~([\w-]+)$/.exec(questionId);
  return quiz ? { quizId: quiz[1]!, questionId: quiz[2]! } : { quizId: FOCUSED_STUDY_QUIZ, questionId };
}

interface ReviewState {
  easinessFactor: number;
  /** Days until the next review. */
  reviewInterval: number;
  /** Right answers in a row in reviews (SM-2's n). */
  repetition: number;
}

/** SM-2's step for one review answer (see the module comment). */
export function nextReviewState(state: ReviewState, correct: boolean): ReviewState {
  const grade = correct ? SM2.rightGrade : SM2.wrongGrade;
  const miss = 5 - grade;
  const easinessFactor = Math.max(
    SM2.minEasiness,
    state.easinessFactor + Math.round(100 * (0.1 - miss * (0.08 + miss * 0.02))),
  );
  if (!correct) return { easinessFactor, reviewInterval: SM2.firstInterval, repetition: 0 };
  // The wrong answer that queued the question scheduled SM-2's first interval (1 day), so the
  // first right review is the first repetition done: the next is I(2) = 6 days, then I × EF.
  const reviewInterval =
    state.repetition === 0
      ? SM2.secondInterval
      : Math.round((state.reviewInterval * state.easinessFactor) / 100);
  return { easinessFactor, reviewInterval, repetition: state.repetition + 1 };
}

/**
 * The day a review answer schedules next: SM-2's interval after a right answer; after a wrong one
 * in everyone's review of mistakes (`relearn`), today again (relearning, as Anki does: the
 * question stays due until it is answered right), else (focused study) SM-2's 1 day.
 */
export function nextReviewDay(
  now: Date,
  next: Pick<ReviewState, 'reviewInterval'>,
  correct: boolean,
  options: { relearn?: boolean } = {},
): string {
  return japanDayAfter(now, !correct && options.relearn ? 0 : next.reviewInterval);
}

/** Whether a scheduled question may be reviewed today (Japan day `today`): it is due by then. */
export const isDue = (item: { nextReviewDate: string }, today: string) => item.nextReviewDate <= today;

/** The Japan day `days` after the Japan day of `now`, as yyyy-mm-dd. */
export function japanDayAfter(now: Date, days: number): string {
  const [year, month, day] = japanDate(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A quiz question as focused study asks it. */
export function quizQuestionForReview(quizId: string, question: Question): StudyQuestion {
  const options = {
    A: question.optionA,
    B: question.optionB,
    ...(question.optionC ? { C: question.optionC } : {}),
    ...(question.optionD ? { D: question.optionD } : {}),
  };
  return {
    id: reviewQuestionId({ quizId, questionId: question.id }),
    type: 'multiple_choice',
    text: question.questionText,
    options,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation ?? '',
  };
}

/** The state a review item holds for the queue (its question already checked by the store). */
export interface ReviewItem extends ReviewState, ReviewKey {
  question: StudyQuestion;
  nextReviewDate: string;
  reviewCount: number;
}

/** The items due by `today` (a Japan day, yyyy-mm-dd), in the order given. */
export const dueBy = <T extends { nextReviewDate: string }>(items: readonly T[], today: string) =>
  items.filter((item) => isDue(item, today));

/** The review queue's summary from the scheduled days (ascending): due by today, in all, and the next day after today. */
export function queueSummary(dates: readonly string[], today: string) {
  return {
    dueToday: dates.filter((date) => date <= today).length,
    scheduled: dates.length,
    nextReviewDate: dates.find((date) => date > today) ?? null,
  };
}

/** Whether a right review answer masters the question: the third right review in a row (SM-2's repetition reaches 3). */
export const mastersAfter = (state: ReviewState, correct: boolean, masteredAfter: number) =>
  correct && nextReviewState(state, correct).repetition >= masteredAfter;

/**
 * Whether a scheduled quiz question is still one to review: its quiz exists, is live, not hidden
 * and one the member may see, and, when the quiz was edited since the wrong answer, the question
 * is still in it (`questionIds` of the quiz then, undefined when it was not edited).
 */
export function stillReviewable(
  quiz: { status?: string; isHidden?: boolean; visible: boolean } | undefined,
  questionIds: ReadonlySet<string> | undefined,
  questionId: string,
) {
  if (!quiz || quiz.status !== 'active' || quiz.isHidden || !quiz.visible) return false;
  return !questionIds || questionIds.has(questionId);
}

/**
 * Whether a question may have left the quiz after the wrong answer was recorded (its questions must
 * be looked at): an edit took a question out since then. A quiz edited before that was recorded on
 * it counts from its last edit; a title or an option changed takes no question out.
 */
export const editedSince = (
  quiz: { updatedAt?: string; questionsRemovedAt?: string } | undefined,
  item: { lastWrongAt?: string; createdAt?: string },
) => {
  const changedAt = quiz?.questionsRemovedAt ?? quiz?.updatedAt;
  return Boolean(changedAt && changedAt > (item.lastWrongAt ?? item.createdAt ?? ''));
};
