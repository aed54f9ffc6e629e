import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/** Keys of favourites (favorite-store.ts): in the quiz's partition, owned by the user. */
export const FavoriteKeys = entity({
  entity: 'Favourite',
  module: 'functions/quizzes/favorite-store.ts',
  pk: QUIZ_PARTITION,
  sk: 'FAVORITE#{userId}',
  byOwner: 'FAVORITE#{createdAt}#{quizId}',
  notes: 'lives with the quiz (goes when it goes) and belongs to the user (goes with the account)',
});

export const favoriteKey = (quizId: string, userId: string) => FavoriteKeys.key({ quizId, userId });
