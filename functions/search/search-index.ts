import { quizSearchText } from '@shared/search-text';
import { writeItems, type ItemKey } from '../data/batch';
import { averageRating, isPubliclyVisible } from '../quizzes/quiz-policy';
import { type QuizItem } from '../quizzes/quiz-store';
import { textGrams } from './grams';
import { PostingKeys, RankKeys } from './search-keys';

/**
 * The search index (docs/search.md), derived from the quizzes and never written by a request:
 * - a posting per character pair of each public quiz's search text (`SEARCH#<char>`,
 *   `<next>#<createdAt>#<quizId>`), so the quizzes holding a pair are read newest first;
 * - a ranking entry per sort (`popular`, `rating`) of each public quiz, in the `byCollection`
 *   index under `QUIZRANK#<sort>`, ordered like the sort, so a sort reads the whole catalogue in
 *   order and stops when it has enough.
 * The search indexer (indexer.ts) applies each change of a quiz from the table's stream; the
 * backfill (backfill.ts) builds it for quizzes written before the stream, and repairs it.
 */
export const RANKED_SORTS = ['popular', 'rating'] as const;
export type RankedSort = (typeof RANKED_SORTS)[number];

/** What the index reads of a quiz. A stream image holds the whole item; older items may lack a counter. */
export type IndexedQuiz = Pick<
  QuizItem,
  | 'id'
  | 'title'
  | 'description'
  | 'category'
  | 'difficulty'
  | 'isPublished'
  | 'isHidden'
  | 'status'
  | 'createdAt'
  | 'participantCount'
  | 'totalPlayers'
  | 'ratingSum'
  | 'ratingCount'
>;

export interface RankEntry extends ItemKey {
  quizId: string;
  category: string;
  difficulty: string;
  gsi1pk: string;
  gsi1sk: string;
}

const digits = (value: unknown, width: number) =>
  String(Math.max(0, Math.round(Number(value) || 0))).padStart(width, '0');

/**
 * The ranking text of a quiz: read in descending order, entries follow the sort's order in
 * search.ts (popular: participants, plays, newer; rating: average to one decimal, number of
 * ratings, newer), with the id last so no two entries are equal.
 */
export function rankOf(quiz: IndexedQuiz, sort: RankedSort): string {
  const last = `${quiz.createdAt}#${quiz.id}`;
  return sort === 'popular'
    ? `${digits(quiz.participantCount, 10)}#${digits(quiz.totalPlayers, 10)}#${last}`
    : `${digits(averageRating({ ratingSum: quiz.ratingSum ?? 0, ratingCount: quiz.ratingCount ?? 0 }) * 10, 2)}#${digits(quiz.ratingCount, 10)}#${last}`;
}

/** The quiz's search text; an item written without a field has it empty. */
export const indexedText = (quiz: IndexedQuiz) =>
  quizSearchText({
    title: String(quiz.title ?? ''),
    description: String(quiz.description ?? ''),
    category: String(quiz.category ?? ''),
  });

/** What a posting's keys say: the pair, and the quiz with its creation time. */
export function parsePosting(key: ItemKey): {
  char: string;
  next: string;
  createdAt: string;
  quizId: string;
} {
  const quizAt = key.sk.lastIndexOf('#');
  const createdAtAt = key.sk.lastIndexOf('#', quizAt - 1);
  return {
    char: PostingKeys.parsePk(key.pk)?.char ?? '',
    next: key.sk.slice(0, createdAtAt),
    createdAt: key.sk.slice(createdAtAt + 1, quizAt),
    quizId: key.sk.slice(quizAt + 1),
  };
}

/** The keys of the quiz's postings, by key text; none unless the quiz is public. */
export function postingsOf(quiz: IndexedQuiz | undefined): Map<string, ItemKey> {
  const postings = new Map<string, ItemKey>();
  if (!quiz || !isPubliclyVisible(quiz)) return postings;
  for (const gram of textGrams(indexedText(quiz)).values()) {
    const key = PostingKeys.key({ ...gram, createdAt: quiz.createdAt, quizId: quiz.id });
    postings.set(key.sk + key.pk, key);
  }
  return postings;
}

/** The quiz's ranking entries, by sort; none unless the quiz is public. */
export function rankEntriesOf(quiz: IndexedQuiz | undefined): Map<RankedSort, RankEntry> {
  const entries = new Map<RankedSort, RankEntry>();
  if (!quiz || !isPubliclyVisible(quiz)) return entries;
  for (const sort of RANKED_SORTS)
    entries.set(sort, {
      ...RankKeys.key({ quizId: quiz.id, sort }),
      ...RankKeys.collection({ sort, rank: rankOf(quiz, sort) }),
      quizId: quiz.id,
      category: quiz.category,
      difficulty: quiz.difficulty,
    });
  return entries;
}

const sameEntry = (a: RankEntry | undefined, b: RankEntry) =>
  a !== undefined &&
  a.gsi1sk === b.gsi1sk &&
  a.category === b.category &&
  a.difficulty === b.difficulty &&
  a.gsi1pk === b.gsi1pk;

export interface IndexWrites {
  puts: Record<string, unknown>[];
  deletes: ItemKey[];
}

/**
 * The writes that take the index from a quiz as it was to the quiz as it is now (either absent:
 * created, deleted). Only what differs is written: a play or an edit of the questions changes no
 * posting, a play moves one ranking entry. Every write sets or removes a whole item, so writing
 * the same change twice leaves the same index.
 */
export function indexWrites(before: IndexedQuiz | undefined, after: IndexedQuiz | undefined): IndexWrites {
  const [oldPostings, newPostings] = [postingsOf(before), postingsOf(after)];
  const [oldRanks, newRanks] = [rankEntriesOf(before), rankEntriesOf(after)];
  const puts: Record<string, unknown>[] = [];
  const deletes: ItemKey[] = [];
  for (const [id, key] of newPostings) if (!oldPostings.has(id)) puts.push({ ...key });
  for (const [id, key] of oldPostings) if (!newPostings.has(id)) deletes.push(key);
  for (const [sort, entry] of newRanks) if (!sameEntry(oldRanks.get(sort), entry)) puts.push({ ...entry });
  for (const [sort, entry] of oldRanks)
    if (!newRanks.has(sort)) deletes.push(RankKeys.key({ quizId: entry.quizId, sort }));
  return { puts, deletes };
}

/** BatchWriteItem requests in flight at once while indexing. */
const PARALLEL_WRITES = 8;

/** Applies the writes of many quizzes' changes (each quiz's keys are its own, so they never clash). */
export async function applyIndexWrites(
  writes: readonly IndexWrites[],
): Promise<{ puts: number; deletes: number }> {
  const puts = writes.flatMap((write) => write.puts);
  const deletes = writes.flatMap((write) => write.deletes);
  await writeItems({ puts, deletes }, PARALLEL_WRITES);
  return { puts: puts.length, deletes: deletes.length };
}
