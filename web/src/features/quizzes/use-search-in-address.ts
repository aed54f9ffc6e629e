import { useSearchParams } from 'react-router-dom';
import { DIFFICULTIES } from '@shared/constants';
import type { Filters } from './components/quiz-filters';
import { searchSortOf, type SearchSort } from './components/quiz-search-results';

const isDifficulty = (value: string) => DIFFICULTIES.some((difficulty) => difficulty === value);

/**
 * The search as the address says it (`?q=宇宙&category=科学&difficulty=初級&sort=rating`): a search
 * can be shared or bookmarked, and the back button comes back to it (on the search page, and on
 * home, which has no sort). Typing replaces the address rather than adding a history entry per key.
 */
export function useSearchInAddress() {
  const [params, setParams] = useSearchParams();
  const difficulty = params.get('difficulty') ?? '';

  const filters: Filters = {
    search: params.get('q') ?? '',
    category: params.get('category') ?? '',
    difficulty: isDifficulty(difficulty) ? difficulty : '',
  };
  const sort = searchSortOf(params.get('sort'));
  const write = (next: Filters, nextSort: SearchSort) => {
    const entries = Object.entries({
      q: next.search,
      category: next.category,
      difficulty: next.difficulty,
      sort: nextSort === 'popular' ? '' : nextSort,
    }).filter(([, value]) => value !== '');
    // Replaced in place: no history entry per key, and the page stays where it is (a new address
    // otherwise scrolls to the top: home's box is below its hero).
    setParams(new URLSearchParams(entries), { replace: true, preventScrollReset: true });
  };
  return {
    filters,
    sort,
    setFilters: (next: Filters) => write(next, sort),
    setSort: (next: SearchSort) => write(filters, next),
  };
}
