import { getQuizDetail } from '@functions/quizzes/quiz-store';

/**
 * A quiz's answer key, read from the table: the quiz read gives it only to the quiz's author and
 * administrators, and a test playing as anyone else must know the right answers to give them.
 */
export async function answerKey(
  quizId: string,
): Promise<{ id: string; questionText: string; correctAnswer: string }[]> {
  const detail = await getQuizDetail(quizId);
  if (!detail) throw new Error(`no quiz ${quizId}`);
  return detail.questions.map(({ id, questionText, correctAnswer }) => ({ id, questionText, correctAnswer }));
}
