import { QUIZ_MESSAGES } from '@shared/quizzes';
import { indexAttributes, setAttributes } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import { HiddenQuizKeys } from './hidden-quiz-keys';
import { NotFoundError } from '../lib/errors';
import { publicListing } from '../quizzes/quiz-store';
import { tagStateOf } from '../tags/tag-policy';
import { changeTaggedQuiz, type TaggedQuiz } from '../tags/tag-store';

/**
 * The writes of moderation decisions on a quiz's META item (moderation.ts): hiding takes it out of
 * the public list in the same write; restoring lists it again if its author published it; its
 * tags' counts change in the same transaction (tags/tag-store.ts `changeTaggedQuiz`). A quiz that
 * is gone or being deleted answers 404.
 */

/** A hidden quiz's place in the administrators' list (hidden-quiz-keys.ts). */
const hiddenListing = (quizId: string, adminId: string, now: Date) => {
  const hiddenAt = now.toISOString();
  return {
    ...HiddenQuizKeys.key({ quizId }),
    ...HiddenQuizKeys.collection({ hiddenAt, quizId }),
    quizId,
    hiddenAt,
    hiddenBy: adminId,
  };
};

/**
 * The hidden quizzes' ids, newest hidden first, up to `max`: what the admin screen lists to
 * restore, whatever became of their reports.
 */
export async function hiddenQuizIds(max: number): Promise<string[]> {
  const listed = await queryAll<{ quizId: string }>(
    { index: INDEX.byCollection, partition: HiddenQuizKeys.collectionPk(), newestFirst: true },
    { maxItems: max },
  );
  return listed.map((item) => item.quizId);
}

/** The quiz must exist and not be being deleted (404 otherwise). */
function assertActive(quiz: TaggedQuiz) {
  if (quiz.status !== 'active') throw new NotFoundError(QUIZ_MESSAGES.notFound);
}

/**
 * Hides the quiz and takes it out of every public list, recording who reviewed it and when; its
 * tags stop counting it in the same write.
 */
export async function markHidden(quizId: string, adminId: string, now: Date): Promise<void> {
  const changed = await changeTaggedQuiz(quizId, (quiz) => {
    assertActive(quiz);
    return {
      set: [
        'isHidden = :yes',
        'hiddenBy = :admin',
        'hiddenAt = :now',
        'reviewedBy = :admin',
        'reviewedAt = :now',
      ],
      remove: [indexAttributes(INDEX.byCollection)],
      values: { ':yes': true, ':admin': adminId, ':now': now.toISOString() },
      after: { ...tagStateOf(quiz), counted: false },
      extra: [{ Put: { Item: hiddenListing(quizId, adminId, now) } }],
    };
  });
  if (!changed) throw new NotFoundError(QUIZ_MESSAGES.notFound);
}

/**
 * Unhides the quiz, recording who reviewed it and when, and lists it publicly again when its author
 * published it, its tags counting it again, in one write on the condition that nothing else
 * changed it since it was read (hidden again or made private meanwhile, it is read again).
 */
export async function markRestored(quizId: string, adminId: string, now: Date): Promise<void> {
  const changed = await changeTaggedQuiz(quizId, (quiz) => {
    assertActive(quiz);
    const restored = { ...quiz, isHidden: false };
    const listing = restored.isPublished ? setAttributes(publicListing(restored)) : undefined;
    return {
      set: [
        'isHidden = :no',
        'restoredBy = :admin',
        'restoredAt = :now',
        'reviewedBy = :admin',
        'reviewedAt = :now',
        ...(listing ? [listing.expression] : []),
      ],
      values: { ':no': false, ':admin': adminId, ':now': now.toISOString(), ...listing?.values },
      after: tagStateOf(restored),
      extra: [{ Delete: { Key: HiddenQuizKeys.key({ quizId }) } }],
    };
  });
  if (!changed) throw new NotFoundError(QUIZ_MESSAGES.notFound);
}
