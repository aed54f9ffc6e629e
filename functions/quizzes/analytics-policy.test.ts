import { describe, expect, it } from 'vitest';
import type { Question } from '@shared/quiz-schemas';
import {
  contentOf,
  playTallies,
  questionVersions,
  quizAnalytics,
  scoreHundredths,
  tallyOf,
} from './analytics-policy';

const question = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  questionText: `問題${id}`,
  optionA: 'あ',
  optionB: 'い',
  optionC: 'う',
  optionD: null,
  correctAnswer: 'A',
  explanation: null,
  order: 1,
  ...overrides,
});

describe('question versions', () => {
  it('change with the text, an option or the answer, and not with the position or the explanation', () => {
    const [before] = questionVersions([contentOf(question('q1'))]).values();
    const same = (changed: Partial<Question>) =>
      questionVersions([contentOf(question('q1', changed))]).get('q1') === before;
    expect(same({ order: 7, explanation: '解説' })).toBe(true);
    expect(same({ questionText: '問題q1?' })).toBe(false);
    expect(same({ optionC: 'え' })).toBe(false);
    expect(same({ optionD: 'お' })).toBe(false);
    expect(same({ correctAnswer: 'B' })).toBe(false);
    // A picture is part of what is asked: a new or another picture is a new version, its alt text is not.
    const picture = { url: '/quiz-images/q/abc.webp', width: 640, height: 480, alt: '地図' };
    expect(same({ image: null })).toBe(true);
    expect(same({ image: picture })).toBe(false);
    const [pictured] = questionVersions([contentOf(question('q1', { image: picture }))]).values();
    expect(
      questionVersions([contentOf(question('q1', { image: { ...picture, alt: '日本地図' } }))]).get('q1'),
    ).toBe(pictured);
    // Moved to another id (a reorder keeps ids by position): the content's version stays.
    expect(questionVersions([contentOf(question('zz', { questionText: '問題q1' }))]).get('zz')).toBe(before);
  });

  it('tell identical questions apart by their ids, in any order (a game shuffles its copy)', () => {
    const a = contentOf(question('b-id', { questionText: '同じ' }));
    const b = contentOf(question('a-id', { questionText: '同じ' }));
    const inOrder = questionVersions([a, b]);
    const shuffled = questionVersions([b, a]);
    expect(inOrder.get('a-id')).not.toBe(inOrder.get('b-id'));
    expect(inOrder.get('b-id')).toBe(`${inOrder.get('a-id')}-2`);
    expect([...shuffled]).toEqual(expect.arrayContaining([...inOrder]));
  });

  it('are the same for a stored question and a game’s copy of it', () => {
    const stored = question('q1');
    const game = {
      id: 'q1',
      text: '問題q1',
      options: { A: 'あ', B: 'い', C: 'う' },
      correctAnswer: 'A' as const,
    };
    expect(questionVersions([game]).get('q1')).toBe(questionVersions([contentOf(stored)]).get('q1'));
  });
});

describe('tallies', () => {
  it('count given answers by option, and only plausible times', () => {
    expect(
      tallyOf([
        { letter: 'B', ms: 2000 },
        { letter: 'A', ms: 4000 },
        { letter: '-', ms: 1000 },
        { letter: 'B', ms: -5 },
        { letter: 'D' },
      ]),
    ).toEqual({ A: 1, B: 2, C: 0, D: 1, timeSum: 6000, timed: 2 });
  });

  it('of a play: one per question answered, keyed by version', () => {
    const questions = [question('q1'), question('q2', { questionText: '別', order: 2 })];
    const tallies = playTallies(questions, { q1: 'C', q2: '-' }, { q1: 12 });
    expect(tallies).toHaveLength(1);
    expect(tallies[0]!.tally).toEqual({ A: 0, B: 0, C: 1, D: 0, timeSum: 12_000, timed: 1 });
    expect(tallies[0]!.version).toBe(questionVersions(questions.map(contentOf)).get('q1'));
  });

  it('score a play in hundredths of a percent', () => {
    expect(scoreHundredths(2, 3)).toBe(6667);
    expect(scoreHundredths(0, 0)).toBe(0);
  });
});

describe('the figures', () => {
  it('average the plays and each question; nothing yet is null, not zero', () => {
    const questions = [question('q1'), question('q2', { questionText: '別', order: 2 })];
    const versions = questionVersions(questions.map(contentOf));
    const tallies = new Map([[versions.get('q1')!, { A: 1, B: 2, C: 0, D: 0, timeSum: 9000, timed: 2 }]]);
    const figures = quizAnalytics(
      { id: 'quiz', title: 't' },
      questions,
      { plays: 3, players: 2, scoreSum: 20_000 },
      tallies,
    );
    expect(figures).toMatchObject({ plays: 3, players: 2, averageScore: 66.7 });
    expect(figures.questions[0]).toMatchObject({
      questionId: 'q1',
      answered: 3,
      correctRate: 33.3,
      optionCounts: { A: 1, B: 2, C: 0, D: 0 },
      averageTimeSpent: 4.5,
      correctAnswer: 'A',
    });
    expect(figures.questions[1]).toMatchObject({ answered: 0, correctRate: null, averageTimeSpent: null });
    expect(
      quizAnalytics({ id: 'quiz', title: 't' }, [], { plays: 0, players: 0, scoreSum: 0 }, new Map()),
    ).toMatchObject({ averageScore: null, questions: [] });
  });
});
