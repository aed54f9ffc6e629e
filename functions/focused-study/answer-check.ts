import type { StudyAnswer, StudyQuestion } from '@shared/focused-study';

/**
 * Checking an answer, exactly as the spec says (docs/spec/multiplayer-membership-study.md §5): a multiple choice is an exact key match, a
 * multiple select compares the sorted lists, a sort order needs the exact order. An answer of the
 * wrong shape (a list for a single choice, a key for a list) is wrong.
 */
export function isCorrectAnswer(question: StudyQuestion, answer: StudyAnswer | undefined): boolean {
  if (answer === undefined) return false;
  switch (question.type) {
    case 'multiple_choice':
      return typeof answer === 'string' && answer === question.correctAnswer;
    case 'multiple_select':
      return Array.isArray(answer) && sameList([...answer].sort(), [...question.correctAnswer].sort());
    case 'sort_order':
      return Array.isArray(answer) && sameList(answer, question.correctAnswer);
  }
}

/**
 * Whether an answer has its question's shape: one of its keys for a multiple choice, distinct keys
 * of its options for a multiple select (at least one), every key once for a sort. Saying so
 * tells nothing about whether it is right.
 */
export function answerFits(question: StudyQuestion, answer: StudyAnswer): boolean {
  const keys: string[] = Object.keys(question.options);
  if (question.type === 'multiple_choice') return typeof answer === 'string' && keys.includes(answer);
  if (!Array.isArray(answer) || new Set(answer).size !== answer.length) return false;
  if (!answer.every((key) => keys.includes(key))) return false;
  return question.type === 'multiple_select' ? answer.length > 0 : answer.length === keys.length;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/** A run's score: the questions answered right, out of all, and the accuracy in percent. */
export function scoreRun(
  questions: readonly StudyQuestion[],
  answers: Readonly<Record<string, StudyAnswer>>,
) {
  const results = questions.map((question) => ({
    questionId: question.id,
    isCorrect: isCorrectAnswer(question, answers[question.id]),
  }));
  const score = results.filter((result) => result.isCorrect).length;
  const totalQuestions = questions.length;
  return {
    results,
    score,
    totalQuestions,
    accuracy: totalQuestions ? Math.round((score / totalQuestions) * 100) : 0,
  };
}
