import { describe, expect, it } from 'vitest';
import type { QuizItem } from '../quizzes/quiz-store';
import { comparators } from './search';
import { indexWrites, rankOf, RANKED_SORTS, type IndexedQuiz } from './search-index';
import { PostingKeys, RankKeys } from './search-keys';

const quiz = (overrides: Partial<IndexedQuiz> = {}): IndexedQuiz => ({
  id: 'q1',
  title: '宇宙のクイズ',
  description: '星',
  category: '科学',
  difficulty: '初級',
  isPublished: true,
  isHidden: false,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  participantCount: 3,
  totalPlayers: 5,
  ratingSum: 9,
  ratingCount: 2,
  ...overrides,
});

describe('ranking entries', () => {
  it('order, read descending, exactly as the sorts do', () => {
    // Counters chosen to tie on the first key and the second, and to round alike (4.25 and 4.3).
    const quizzes = Array.from({ length: 60 }, (_, index) =>
      quiz({
        id: `q${index % 7}-${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + (index % 9) * 1000).toISOString(),
        participantCount: index % 4,
        totalPlayers: index % 3,
        ratingSum: [0, 17, 43, 9][index % 4]!,
        ratingCount: [0, 4, 10, 2][index % 4]!,
      }),
    ) as unknown as QuizItem[];
    for (const sort of RANKED_SORTS) {
      const byRank = [...quizzes].sort((a, b) => (rankOf(a, sort) < rankOf(b, sort) ? 1 : -1));
      expect(byRank.map((entry) => entry.id)).toEqual(
        [...quizzes].sort(comparators[sort]).map((entry) => entry.id),
      );
    }
  });
});

describe('index writes', () => {
  const posting = (char: string, next: string) => {
    const key = PostingKeys.key({ char, next, createdAt: '2026-01-01T00:00:00.000Z', quizId: 'q1' });
    return `${key.pk} ${key.sk}`;
  };
  const popular = `${RankKeys.key({ quizId: 'q1', sort: 'popular' }).pk} ${RankKeys.sk({ sort: 'popular' })}`;
  const keys = (items: readonly object[]) =>
    items.map((item) => {
      const { pk, sk } = item as { pk: string; sk: string };
      return `${pk} ${sk}`;
    });

  it('add every pair and both ranking entries for a new public quiz, and nothing for a private one', () => {
    const { puts, deletes } = indexWrites(undefined, quiz());
    expect(deletes).toEqual([]);
    expect(keys(puts)).toContain(posting('宇', '宙'));
    expect(keys(puts)).toContain(posting('星', ''));
    expect(keys(puts)).toContain(popular);
    expect(indexWrites(undefined, quiz({ isPublished: false }))).toEqual({ puts: [], deletes: [] });
  });

  it('write only what changed: nothing for questions, one entry for a play, the pairs of an edit', () => {
    expect(indexWrites(quiz(), quiz())).toEqual({ puts: [], deletes: [] });
    const played = indexWrites(quiz(), quiz({ participantCount: 4, totalPlayers: 6 }));
    expect(keys(played.puts)).toEqual([popular]);
    expect(played.deletes).toEqual([]);
    const edited = indexWrites(quiz(), quiz({ description: '月' }));
    expect(keys(edited.puts)).toEqual([posting('月', '')]);
    expect(keys(edited.deletes)).toEqual([posting('星', '')]);
  });

  it('remove everything when the quiz is hidden, made private, being deleted or deleted', () => {
    const all = indexWrites(undefined, quiz()).puts.length;
    for (const after of [
      quiz({ isHidden: true }),
      quiz({ isPublished: false }),
      quiz({ status: 'deleting' }),
      undefined,
    ])
      expect(indexWrites(quiz(), after).deletes).toHaveLength(all);
  });
});
