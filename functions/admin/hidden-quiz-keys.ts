import { entity } from '../data/keys';
import { QUIZ_PARTITION } from '../quizzes/quiz-keys';

/**
 * Keys of a hidden quiz's place in the administrators' list of hidden quizzes (moderation-store.ts):
 * written with the hide, removed with the restore, deleted with the quiz's partition. The list
 * does not depend on the quiz's reports, which an administrator may delete.
 */
export const HiddenQuizKeys = entity({
  entity: 'Hidden quiz',
  module: 'functions/admin/moderation-store.ts',
  pk: QUIZ_PARTITION,
  sk: 'HIDDEN',
  byCollection: { pk: 'QUIZ#HIDDEN', sk: '{hiddenAt}#{quizId}' },
  notes: 'quizId, hiddenAt, hiddenBy; one per hidden quiz, in `QUIZ#HIDDEN` newest first',
});
