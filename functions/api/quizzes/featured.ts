import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toSummary } from '../../quizzes/quiz-policy';
import { featuredQuiz } from '../../quizzes/featured';
import { withQuizTags } from '../../tags/tag';

/** `GET /api/quizzes/featured`: the featured quiz of the week, or null while there is none. */
export const handler = httpHandler(quizzesApi.featured, async () => {
  const quiz = await featuredQuiz();
  return { body: quiz ? await withQuizTags(quiz, toSummary) : null };
});
