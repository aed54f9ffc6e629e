import { entity } from '../data/keys';
import { QUIZ_PARTITION } from '../quizzes/quiz-keys';

/**
 * Keys of the search index (search-index.ts, docs/search.md): written only by the search indexer
 * (from the table's stream) and the backfill, read by search.
 */
const MODULE = 'functions/search/search-index.ts';

export const PostingKeys = entity({
  entity: 'Search posting',
  module: MODULE,
  pk: 'SEARCH#{char}',
  sk: '{next}#{createdAt}#{quizId}',
  fields: {
    char: 'one character of a public quiz’s search text (NFKC, lower case)',
    next: 'the character after it in the same word, empty at the end of a word',
  },
  notes:
    'keys only: one item per character pair of a public quiz (title, description, category), so a pair’s quizzes are read newest first and a single character’s with `pk` alone; removed when the quiz is hidden, made private, edited or deleted',
});

export const RankKeys = entity({
  entity: 'Search ranking entry',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'RANK#{sort}',
  byCollection: { pk: 'QUIZRANK#{sort}', sk: '{rank}' },
  fields: {
    sort: '`popular` or `rating`',
    rank: 'the sort’s keys as text that orders like the sort (`search-index.ts` `rankOf`), then createdAt and id',
  },
  notes:
    'quizId, category, difficulty; one per sort while the quiz is public, so both sorts read the whole catalogue in order; goes with the quiz’s partition',
});
