import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants';
import { countLabel } from './count-label';

describe('a count under a cap', () => {
  it('is said as it is below the cap, and as 「…件以上」 at it (the list was cut there)', () => {
    expect(countLabel(0, LIMITS.searchResultsMax)).toBe('0件');
    expect(countLabel(12, LIMITS.searchResultsMax)).toBe('12件');
    expect(countLabel(LIMITS.searchResultsMax - 1, LIMITS.searchResultsMax)).toBe(
      `${LIMITS.searchResultsMax - 1}件`,
    );
    expect(countLabel(LIMITS.searchResultsMax, LIMITS.searchResultsMax)).toBe(
      `${LIMITS.searchResultsMax}件以上`,
    );
  });
});
