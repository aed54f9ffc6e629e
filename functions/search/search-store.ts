import { literalPrefix } from '../data/keys';
import { queryPages, scanPages } from '../data/paginate';
import { INDEX } from '../data/table';
import { AttemptKeys } from '../quizzes/attempt-keys';
import { QuizKeys } from '../quizzes/quiz-keys';
import type { IndexedQuiz, RankedSort, RankEntry } from './search-index';
import { PostingKeys, RankKeys } from './search-keys';

/**
 * The reads of the search index (search-keys.ts, docs/search.md): a character's or pair's
 * postings, a sort's ranking, and the backfill's scans of the whole table. The index's writes are
 * search-index.ts's `applyIndexWrites`, which builds whole items and needs no expression.
 */

/**
 * The pages of a posting list, newest first: a pair's (`char` then `next`) or, without `next`, a
 * character's with all its pairs. The first page is `first` long, each next one four times that,
 * `max` postings in all.
 */
export function postingPages(char: string, next: string | undefined, max: number, first = max) {
  return queryPages<{ sk: string }>(
    {
      partition: PostingKeys.pk({ char }),
      ...(next !== undefined ? { beginsWith: PostingKeys.skPrefix({ next }) } : {}),
      newestFirst: true,
      ProjectionExpression: 'sk',
    },
    { maxItems: max, pageSize: (page) => Math.min(max, first * 4 ** page) },
  );
}

/** The pages of a sort's ranking, first ranked first: 500 entries, then four times more a page, `max` in all. */
export function rankingPages(sort: RankedSort, max: number) {
  return queryPages<RankEntry>(
    {
      index: INDEX.byCollection,
      partition: RankKeys.collectionPk({ sort }),
      newestFirst: true,
      ProjectionExpression: 'quizId, category, difficulty',
    },
    { maxItems: max, pageSize: (page) => Math.min(max, 500 * 4 ** page) },
  );
}

/** A stored item the backfill reads: a quiz's META, or an attempt. */
type QuizOrAttempt = IndexedQuiz & {
  pk: string;
  sk: string;
  completedAt?: string;
  quizId?: string;
  userId?: string;
};

/** The whole table's quizzes (META) and attempts, a page at a time (a scan: never on a request path). */
export const quizAndAttemptPages = () =>
  scanPages<QuizOrAttempt>({
    FilterExpression: '(sk = :meta AND begins_with(pk, :quiz)) OR begins_with(sk, :attempt)',
    ExpressionAttributeValues: {
      ':meta': QuizKeys.sk(),
      ':quiz': literalPrefix(QuizKeys.definition.pk),
      ':attempt': AttemptKeys.skPrefix(),
    },
  });

/** The whole table's index items (postings and ranking entries), keys and quiz only, a page at a time. */
export const indexItemPages = () =>
  scanPages<{ pk: string; sk: string; quizId?: string }>({
    FilterExpression: 'begins_with(pk, :posting) OR begins_with(sk, :rank)',
    ProjectionExpression: 'pk, sk, quizId',
    ExpressionAttributeValues: {
      ':posting': literalPrefix(PostingKeys.definition.pk),
      ':rank': RankKeys.skPrefix(),
    },
  });
