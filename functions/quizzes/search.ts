import { normalizeForSearch, searchWords } from '@shared/search-text';
import type { QuizItem } from './quiz';
import { averageRating, isFeaturable, listPublicQuizzes } from './quiz';

/**
 * Quiz search (see docs/search.md): Japanese substring matching over title, description and
 * category after NFKC normalisation and lower-casing (full-width and half-width, upper and lower
 * case match each other), with category and difficulty filters and three sorts.
 */
const SEARCH_WINDOW = 500;
const SEARCH_RESULT_LIMIT = 100;

const searchText = (quiz: Pick<QuizItem, 'title' | 'description' | 'category'>) =>
  normalizeForSearch(`${quiz.title}\n${quiz.description}\n${quiz.category}`);

type SearchSort = 'popular' | 'newest' | 'rating';

const comparators: Record<SearchSort, (a: QuizItem, b: QuizItem) => number> = {
  popular: (a, b) =>
    b.participantCount - a.participantCount ||
    b.totalPlayers - a.totalPlayers ||
    b.createdAt.localeCompare(a.createdAt),
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  rating: (a, b) =>
    averageRating(b) - averageRating(a) ||
    b.ratingCount - a.ratingCount ||
    b.createdAt.localeCompare(a.createdAt),
};

export async function searchQuizzes(input: {
  q?: string;
  category?: string;
  difficulty?: string;
  sort: SearchSort;
}): Promise<QuizItem[]> {
  const matches = wordMatcher(input.q ?? '');
  // Every match in the window is collected first, so the sort covers the whole window.
  const found = await listPublicQuizzes({
    ...(input.category ? { category: input.category } : {}),
    ...(input.difficulty ? { difficulty: input.difficulty } : {}),
    ...(matches ? { matches } : {}),
    limit: SEARCH_WINDOW,
    scanLimit: SEARCH_WINDOW,
  });
  return found.sort(comparators[input.sort]).slice(0, SEARCH_RESULT_LIMIT);
}

/** A predicate that holds when every word of `query` occurs in the quiz's text; undefined for an empty query. */
export function wordMatcher(query: string): ((quiz: QuizItem) => boolean) | undefined {
  const terms = searchWords(query);
  return terms.length ? (quiz) => terms.every((term) => searchText(quiz).includes(term)) : undefined;
}

/**
 * The featured quiz of the week: among the 200 newest public quizzes, the one with the most
 * participants, then the best rating, then the newest (docs/decisions.md); never one with open
 * reports (`isFeaturable`).
 */
export async function featuredQuiz(): Promise<QuizItem | undefined> {
  const recent = await listPublicQuizzes({ limit: 200, scanLimit: 200 });
  return recent.filter(isFeaturable).sort(comparators.popular)[0];
}
