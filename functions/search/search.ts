import { LIMITS } from '@shared/constants';
import { holdsEveryWord, quizSearchText, searchWords } from '@shared/search-text';
import { batchGetAll } from '../data/batch';
import { averageRating, isPubliclyVisible } from '../quizzes/quiz-policy';
import { listPublicQuizzes, SUMMARY_FIELDS, type QuizItem } from '../quizzes/quiz-store';
import { quizKey } from '../quizzes/quiz-keys';
import { queryGrams, type QueryGram } from './grams';
import { parsePosting, type RankedSort } from './search-index';
import { postingPages, rankingPages } from './search-store';
import { shownTagNamed } from '../tags/tag';
import { tagQuizPages } from '../tags/tag-store';

/**
 * Quiz search over the whole public catalogue (docs/search.md). Every word of the query must be
 * in the quiz's title, description or category, as a substring, after NFKC and lower case; the
 * category and difficulty filters are exact; the three sorts order all the matches.
 *
 * The search index (search-index.ts) gives the candidates, and every candidate is read and checked
 * against its text, its visibility and the filters before it is shown: the index only ever makes
 * a search cheaper, never different. So a quiz hidden, made private, deleted or edited leaves the
 * results at once, before the indexer has caught up.
 *
 * How a search is answered (each step bounded by `SEARCH_BUDGET`, whatever the query):
 * 1. Read the first postings of a few of the words' character pairs (the likeliest rare ones).
 *    When a list ends there, its quizzes are all the candidates.
 * 2. Otherwise every pair is common. Newest first: walk the rarest-looking pair's postings, newest
 *    first, checking as it goes, until enough match. Popular and rating: read that pair's postings
 *    whole to know the candidates.
 * Known candidates are checked newest first until enough match, or for popular and rating read
 * and sorted when they are few, and found along the sort's ranking (`QUIZRANK#<sort>`) in order
 * when they are many.
 * 3. When even that list is too long, walk the sort's order itself and check every quiz.
 * No words: walk the sort's order (the public list for newest), checking the filters.
 * A tag: its quizzes (its links, newest first) are a list like a pair's postings; read whole, they
 * are the candidates, less those the words' lists rule out.
 */
export const SEARCH_RESULT_LIMIT = LIMITS.searchResultsMax;

/** What one search may read, whatever it asks (docs/search.md explains each figure). */
export const SEARCH_BUDGET = {
  /** Posting lists read per search. */
  lists: 6,
  /** Postings read from each list first. */
  probe: 200,
  /** Postings of the rarest list read to know every candidate. */
  postings: 10_000,
  /** Known candidates all read and sorted (popular, rating); more are found along the ranking. */
  candidates: 200,
  /** Ranking entries read while walking a sort's order. */
  ranked: 10_000,
  /** Quizzes read to be checked, candidates or not. */
  checked: 500,
  /** Public list items read while walking newest first without known candidates. */
  listed: 1_000,
} as const;

export type SearchSort = 'popular' | 'newest' | 'rating';

const newer = (a: QuizItem, b: QuizItem) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/** The three sorts. The ranking entries (search-index.ts `rankOf`) order like these. */
export const comparators: Record<SearchSort, (a: QuizItem, b: QuizItem) => number> = {
  popular: (a, b) =>
    b.participantCount - a.participantCount || b.totalPlayers - a.totalPlayers || newer(a, b),
  newest: newer,
  rating: (a, b) => averageRating(b) - averageRating(a) || b.ratingCount - a.ratingCount || newer(a, b),
};

interface Filters {
  category?: string | undefined;
  difficulty?: string | undefined;
  /** A tag's name, any case or width (issue 30). */
  tag?: string | undefined;
}

export interface SearchInput extends Filters {
  q?: string | undefined;
  sort: SearchSort;
  limit?: number;
}

export type SearchBudget = { readonly [Part in keyof typeof SEARCH_BUDGET]: number };

/**
 * The quizzes that match, in the sort's order, at most `limit` (100). The budget is the search's
 * own (a smaller one lets the tests take every path on a small catalogue).
 */
export async function searchQuizzes(
  input: SearchInput,
  budget: SearchBudget = SEARCH_BUDGET,
): Promise<QuizItem[]> {
  const limit = input.limit ?? SEARCH_RESULT_LIMIT;
  const words = searchWords(input.q ?? '');
  // An unknown or inactive tag has no quizzes.
  const tag = input.tag !== undefined ? await shownTagNamed(input.tag) : undefined;
  if (input.tag !== undefined && !tag) return [];
  const accepts = (quiz: QuizItem) =>
    isPubliclyVisible(quiz) &&
    (!tag || (quiz.tagIds ?? []).includes(tag.id)) &&
    (!input.category || quiz.category === input.category) &&
    (!input.difficulty || quiz.difficulty === input.difficulty) &&
    holdsEveryWord(quizSearchText(quiz), words);
  // The category's name is in every quiz of the category's text: its pairs find them too.
  const terms = searchWords([input.q ?? '', input.category ?? ''].join(' '));
  const search: Search = {
    sort: input.sort,
    limit,
    filters: input,
    accepts,
    budget,
    found: [],
    checked: 0,
    done: () => search.found.length >= limit || search.checked >= budget.checked,
  };
  const tagged = tag && (await readTagList(tag.id, budget.postings));
  const found = tagged?.complete
    ? await byTag(search, tagged, queryGrams(terms, budget.lists))
    : terms.length
      ? await byIndex(search, queryGrams(terms, budget.lists))
      : await walk(search);
  return found.sort(comparators[input.sort]).slice(0, limit);
}

/** One search under way: what it asks, and what it has found and checked so far. */
interface Search {
  sort: SearchSort;
  limit: number;
  filters: Filters;
  accepts: (quiz: QuizItem) => boolean;
  budget: SearchBudget;
  found: QuizItem[];
  /** Quizzes read to be checked while walking an order. */
  checked: number;
  /** Enough found, or nothing more may be checked. */
  done(): boolean;
}

/** A posting list as read: its quizzes (id → order key `<createdAt>#<id>`), in the order read. */
interface PostingList {
  gram: QueryGram;
  quizzes: Map<string, string>;
  /** Every posting of the list was read. */
  complete: boolean;
  /** A pair's list is read newest first: the last order key read (any quiz newer and absent lacks the pair). */
  readTo?: string;
}

const isPair = (gram: QueryGram) => gram.next !== undefined;

/** A posting's quiz and order key (`<createdAt>#<quizId>`, newest last). */
function postingOrder(sk: string): { quizId: string; order: string } {
  const { createdAt, quizId } = parsePosting({ pk: '', sk });
  return { quizId, order: `${createdAt}#${quizId}` };
}

/** Up to `max` postings of a list (one more is asked for, to know whether the list ends there). */
async function readPostings(gram: QueryGram, max: number): Promise<PostingList> {
  const quizzes = new Map<string, string>();
  let read = 0;
  let readTo: string | undefined;
  for await (const page of postingPages(gram.char, gram.next, max + 1))
    for (const { sk } of page) {
      if (++read > max) return { gram, quizzes, complete: false, ...(readTo ? { readTo } : {}) };
      const { quizId, order } = postingOrder(sk);
      quizzes.set(quizId, order);
      readTo = order;
    }
  return { gram, quizzes, complete: true };
}

/**
 * Whether a quiz can still hold every pair: it is in every list read whole, and in every pair's
 * list read down past it.
 */
function couldMatch(quizId: string, order: string, lists: readonly PostingList[]) {
  return lists.every((list) =>
    list.complete || (list.readTo !== undefined && isPair(list.gram) && order > list.readTo)
      ? list.quizzes.has(quizId)
      : true,
  );
}

/** The quizzes of `ids` that exist, read in parallel batches, in the order of `ids`. */
async function readQuizzes(ids: readonly string[]): Promise<QuizItem[]> {
  const batches = Array.from({ length: Math.ceil(ids.length / 100) }, (_, index) =>
    ids.slice(index * 100, index * 100 + 100),
  );
  const found = (
    await Promise.all(
      batches.map((batch) =>
        batchGetAll<QuizItem>(batch.map(quizKey), {
          projection: SUMMARY_FIELDS,
          names: { '#status': 'status' },
        }),
      ),
    )
  ).flat();
  const byId = new Map(found.map((quiz) => [quiz.id, quiz]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Checks quizzes in the order given, a batch at a time, until `limit` match or the search has
 * checked its budget of quizzes: for an order that is the sort's, the first matches are the answer.
 */
async function firstMatches(search: Search, ids: readonly string[]) {
  for (let at = 0; at < ids.length && !search.done(); at += 100) {
    const batch = ids.slice(at, Math.min(at + 100, at + search.budget.checked - search.checked));
    search.checked += batch.length;
    search.found.push(...(await readQuizzes(batch)).filter(search.accepts));
  }
}

async function byIndex(search: Search, grams: QueryGram[]): Promise<QuizItem[]> {
  const lists = await Promise.all(grams.map((gram) => readPostings(gram, search.budget.probe)));
  const whole = lists.filter((list) => list.complete).sort((a, b) => a.quizzes.size - b.quizzes.size);
  if (whole.length) return fromCandidates(search, candidatesOf(whole[0]!, lists));
  // Every list goes on: the rarest-looking is the pair whose first postings reach back furthest.
  const pairs = lists.filter((list) => isPair(list.gram));
  const driver = pairs.sort((a, b) => (a.readTo! < b.readTo! ? -1 : 1))[0] ?? lists[0]!;
  if (search.sort === 'newest' && isPair(driver.gram)) {
    await newestByPostings(search, driver.gram, lists);
    return search.found;
  }
  const full = await readPostings(driver.gram, search.budget.postings);
  return full.complete ? fromCandidates(search, candidatesOf(full, lists)) : walk(search);
}

/** A tag's quizzes as a list (`<createdAt>#<quizId>` order keys), up to `max`: complete when it ends there. */
async function readTagList(tagId: string, max: number): Promise<Pick<PostingList, 'quizzes' | 'complete'>> {
  const quizzes = new Map<string, string>();
  for await (const page of tagQuizPages(tagId, max + 1))
    for (const link of page) {
      if (quizzes.size >= max) return { quizzes, complete: false };
      quizzes.set(link.quizId, link.gsi1sk);
    }
  return { quizzes, complete: true };
}

/** A tag's whole list is the candidates, less those the words' first postings rule out. */
async function byTag(
  search: Search,
  tagged: Pick<PostingList, 'quizzes'>,
  grams: QueryGram[],
): Promise<QuizItem[]> {
  const lists = await Promise.all(grams.map((gram) => readPostings(gram, search.budget.probe)));
  return fromCandidates(search, candidatesOf(tagged, lists));
}

/** The quizzes of a list read whole that the other lists do not rule out, newest first. */
const candidatesOf = (list: Pick<PostingList, 'quizzes'>, lists: readonly PostingList[]) =>
  [...list.quizzes]
    .filter(([id, order]) => couldMatch(id, order, lists))
    .sort(([, a], [, b]) => (a < b ? 1 : -1))
    .map(([id]) => id);

/**
 * With every candidate known: newest first, they are checked in that order until enough match;
 * for the other sorts a few are all read and sorted, and many are found along the sort's ranking.
 */
async function fromCandidates(search: Search, candidates: string[]) {
  if (search.sort === 'newest') await firstMatches(search, candidates);
  else if (candidates.length <= search.budget.candidates)
    search.found.push(...(await readQuizzes(candidates)).filter(search.accepts));
  else await walkRanking(search, search.sort, new Set(candidates));
  return search.found;
}

/** Newest first along a pair's postings (already newest first), checking candidates as they come. */
async function newestByPostings(search: Search, gram: QueryGram, lists: readonly PostingList[]) {
  for await (const page of postingPages(gram.char, gram.next, search.budget.postings, search.budget.probe)) {
    await firstMatches(
      search,
      page
        .map(({ sk }) => postingOrder(sk))
        .filter(({ quizId, order }) => couldMatch(quizId, order, lists))
        .map(({ quizId }) => quizId),
    );
    if (search.done()) return;
  }
}

/** Without known candidates: the sort's whole order, every quiz checked, within the budget. */
async function walk(search: Search): Promise<QuizItem[]> {
  if (search.sort === 'newest')
    return listPublicQuizzes({
      ...(search.filters.category ? { category: search.filters.category } : {}),
      ...(search.filters.difficulty ? { difficulty: search.filters.difficulty } : {}),
      matches: search.accepts,
      limit: search.limit,
      scanLimit: search.budget.listed,
    });
  await walkRanking(search, search.sort);
  return search.found;
}

/**
 * Walks a sort's ranking in order, checking the quizzes its entries name (only `candidates` when
 * they are known, and only entries that pass the filters), until enough match.
 */
async function walkRanking(search: Search, sort: RankedSort, candidates?: Set<string>) {
  const { category, difficulty } = search.filters;
  const unseen = new Set(candidates);
  for await (const page of rankingPages(sort, search.budget.ranked)) {
    const ids = page
      .filter(
        (entry) =>
          (!category || entry.category === category) &&
          (!difficulty || entry.difficulty === difficulty) &&
          (!candidates || candidates.has(entry.quizId)),
      )
      .map((entry) => entry.quizId);
    await firstMatches(search, ids);
    if (search.done()) return;
    for (const id of ids) unseen.delete(id);
  }
  // The ranking ran out first: the candidates it did not reach all sort after those it did (or are
  // not ranked yet), so when they fit the budget, reading them makes the answer whole.
  if (candidates && unseen.size <= search.budget.checked - search.checked) {
    search.checked += unseen.size;
    search.found.push(...(await readQuizzes([...unseen])).filter(search.accepts));
  }
}
