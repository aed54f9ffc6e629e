import { QUIZ_MESSAGES } from '@shared/quizzes';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { indexAttributes, setAttributes } from '../data/keys';
import { INDEX } from '../data/table';
import { NotFoundError } from '../lib/errors';
import { publicListing, type QuizItem } from '../quizzes/quiz-store';
import { quizKey } from '../quizzes/quiz-keys';

/**
 * The writes of moderation decisions on a quiz's META item (moderation.ts): hiding takes it out of
 * the public list in the same write; restoring lists it again if its author published it. A quiz
 * that is gone or being deleted answers 404.
 */

function notFound(error: unknown): never {
  if (isConditionFailed(error)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  throw error;
}

/** Hides the quiz and takes it out of every public list, recording who reviewed it and when. */
export async function markHidden(quizId: string, adminId: string, now: Date): Promise<void> {
  await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression: `SET isHidden = :yes, hiddenBy = :admin, hiddenAt = :now, reviewedBy = :admin, reviewedAt = :now REMOVE ${indexAttributes(INDEX.byCollection)}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':yes': true,
        ':admin': adminId,
        ':now': now.toISOString(),
        ':active': 'active',
      },
    })
    .catch(notFound);
}

/**
 * Unhides the quiz, recording who reviewed it and when, and lists it publicly again when its author
 * published it (on the condition that it is still visible: hidden again or made private meanwhile,
 * it stays out).
 */
export async function markRestored(quizId: string, adminId: string, now: Date): Promise<void> {
  const updated = await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression:
        'SET isHidden = :no, restoredBy = :admin, restoredAt = :now, reviewedBy = :admin, reviewedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':no': false,
        ':admin': adminId,
        ':now': now.toISOString(),
        ':active': 'active',
      },
      ReturnValues: 'ALL_NEW',
    })
    .catch(notFound);
  const quiz = updated.Attributes as QuizItem;
  if (!quiz.isPublished) return;
  const listing = setAttributes(publicListing(quiz));
  await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression: `SET ${listing.expression}`,
      ConditionExpression: 'isHidden = :no AND isPublished = :yes',
      ExpressionAttributeValues: { ...listing.values, ':no': false, ':yes': true },
    })
    .catch((error: unknown) => {
      // Hidden again (or made private) meanwhile: it stays out of the public list, as it should.
      if (!isConditionFailed(error)) throw error;
    });
}
