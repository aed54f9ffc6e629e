import { randomUUID } from 'node:crypto';
import { QUIZ_COPY_MESSAGES, copyTitle } from '@shared/quiz-copy';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import type { Member } from '../users/user-policy';
import { assertPrivacyAllowed, mayReadAsAuthor, newQuiz, revisedQuestions } from './quiz-policy';
import { withQuizTags } from '../tags/tag';
import { assertCategory, assertQuotaBeforePictures, insertMemberQuiz } from './quiz';
import { copyQuizImages, deleteQuizImages } from './quiz-image';
import { getQuizDetail, type QuizItem } from './quiz-store';

/**
 * A copy of a whole quiz (issue 30, "Easier editing"): the quiz's fields and questions under a new
 * id, titled 「…（コピー）」, belonging to whoever copies it, and created exactly as a new quiz is
 * (the same quota in the same transaction, the same rules on privacy and category).
 */

/**
 * Copies a quiz its author (or an administrator, a quiz they may read) has: 404 for anyone else, 403
 * for a quiz hidden by moderation (its copy would show it again), 429 at the creation quota.
 */
export async function duplicateQuiz(user: Member, quizId: string, now = new Date()): Promise<QuizItem> {
  const detail = await getQuizDetail(quizId);
  if (!detail || !mayReadAsAuthor(detail.quiz, user)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const { quiz: source } = detail;
  if (source.isHidden) throw new ForbiddenError(QUIZ_COPY_MESSAGES.hiddenQuiz);
  const data = {
    quiz: {
      title: copyTitle(source.title),
      description: source.description,
      category: source.category,
      difficulty: source.difficulty,
      timeLimit: source.timeLimit,
      isPublished: source.isPublished,
      // The copy is tagged as the quiz is (its active tags).
      tags: await withQuizTags(source, (_quiz, tags) => tags.map((tag) => tag.name)),
    },
    // Their pictures are copied below, not sent as a new upload would be.
    questions: detail.questions.map((question) => ({ ...question, image: undefined })),
  };
  assertPrivacyAllowed(user, data.quiz);
  await assertCategory(data.quiz.category);
  if (detail.questions.some((question) => question.image)) assertQuotaBeforePictures(user);
  const id = randomUUID();
  // The copy's pictures are its own (deleting either quiz deletes only its own), written before the
  // copy and removed again when it is refused (over quota, say).
  const questions = await copyQuizImages(
    id,
    revisedQuestions(data.questions).map((question, index) => ({
      ...question,
      image: detail.questions[index]?.image ?? null,
    })),
  );
  try {
    return await insertMemberQuiz(user, newQuiz(user, id, data, now), questions, data.quiz.tags, now);
  } catch (error) {
    await deleteQuizImages(id).catch(() => undefined);
    throw error;
  }
}
