import { describe, expect, it } from 'vitest';
import {
  attemptEvent,
  checkEvent,
  classGameEvent,
  eventDay,
  focusedEvent,
  multiplayerEvent,
  pairAttributes,
  pairsOf,
  playEventCounts,
  questionMark,
  reviewEvent,
} from './event-policy';

/** What an answer counts for in the learning records (docs/decisions.md "Issue 29"). */
const at = new Date('2026-03-10T14:59:30Z'); // 23:59:30 in Japan

describe('answer events', () => {
  it('counts a checked answer as one question of its play, on its Japan day', () => {
    const event = checkEvent({
      userId: 'u1',
      quizId: 'q',
      playId: 'play-1',
      questionId: 'abcdefgh-1234',
      correct: true,
      category: '科学',
      difficulty: '初級',
      answeredAt: at,
      suffix: 'x1',
    });
    expect(event).toMatchObject({
      kind: 'check',
      answered: 1,
      correct: 1,
      quizzes: 0,
      questions: ['abcdefgh+'],
    });
    expect(eventDay(event)).toBe('2026-03-10');
    expect(eventDay({ answeredAt: '2026-03-10T15:00:00.000Z' })).toBe('2026-03-11');
  });

  it('counts every question of a finished play (an unanswered one as wrong) and the play', () => {
    const questions = [
      { id: 'q1xxxxxx-a', correctAnswer: 'A' },
      { id: 'q2xxxxxx-b', correctAnswer: 'B' },
      { id: 'q3xxxxxx-c', correctAnswer: 'C' },
    ];
    const base = {
      userId: 'u1',
      attemptId: 'quiz~1',
      quizId: 'quiz',
      questions,
      category: '歴史',
      difficulty: '中級',
      answeredAt: at,
    };
    const plain = attemptEvent({ ...base, answers: { 'q1xxxxxx-a': 'A', 'q2xxxxxx-b': 'C' } });
    expect(plain).toMatchObject({ eventId: 'a-quiz~1', answered: 3, correct: 1, quizzes: 1 });
    expect(plain.playId).toBeUndefined();
    const named = attemptEvent({ ...base, playId: 'p', answers: { 'q1xxxxxx-a': 'A' } });
    expect(named.questions).toEqual(['q1xxxxxx+', 'q2xxxxxx-', 'q3xxxxxx-']);
  });

  it('counts only the questions a play has not counted yet, each once, and the play', () => {
    const event = attemptEvent({
      userId: 'u1',
      attemptId: 'quiz~2',
      quizId: 'quiz',
      playId: 'p',
      questions: [
        { id: 'aaaaaaaa-1', correctAnswer: 'A' },
        { id: 'bbbbbbbb-2', correctAnswer: 'A' },
        { id: 'cccccccc-3', correctAnswer: 'A' },
      ],
      answers: { 'aaaaaaaa-1': 'B', 'bbbbbbbb-2': 'A', 'cccccccc-3': 'A' },
      category: '科学',
      difficulty: '初級',
      answeredAt: at,
    });
    expect(playEventCounts(event, new Set(['aaaaaaaa', 'bbbbbbbb']))).toEqual({
      claims: ['cccccccc'],
      counts: { answered: 1, correct: 1, quizzes: 1, timeSpent: 0 },
    });
    expect(
      playEventCounts({ ...event, questions: ['aaaaaaaa+', 'aaaaaaaa-'] }, new Set()).counts.answered,
    ).toBe(1);
    expect(questionMark('abcdefghijk', false)).toBe('abcdefgh-');
  });

  it('counts a multiplayer answer with its time, a focused-study run capped at 5 minutes a question, a review answer', () => {
    expect(
      multiplayerEvent({
        userId: 'u1',
        roomCode: 'ABCDEF',
        step: 4,
        quizId: 'q',
        correct: false,
        secondsTaken: 4.4,
        category: 'スポーツ',
        difficulty: '初級',
        answeredAt: at,
      }),
    ).toMatchObject({ eventId: 'm-ABCDEF-4-u1', answered: 1, correct: 0, timeSpent: 4 });
    expect(
      classGameEvent({
        userId: 'u1',
        gameId: 'g-1',
        questionIndex: 2,
        quizId: 'q',
        correct: true,
        secondsTaken: 7.6,
        category: 'スポーツ',
        difficulty: '初級',
        answeredAt: at,
      }),
    ).toMatchObject({ eventId: 'g-g-1-2-u1', kind: 'multiplayer', answered: 1, correct: 1, timeSpent: 8 });
    expect(
      focusedEvent({
        userId: 'u1',
        runId: 'r',
        answered: 2,
        correct: 1,
        secondsTaken: 86_000,
        category: '全般',
        difficulty: '初級',
        answeredAt: at,
      }).timeSpent,
    ).toBe(600);
    expect(
      reviewEvent({
        userId: 'u1',
        quizId: 'q',
        questionId: 'question-1',
        reviewCount: 2,
        correct: true,
        timeSpent: -3,
        category: '科学',
        difficulty: '上級',
        answeredAt: at,
      }),
    ).toMatchObject({ eventId: 'r-q-question-2', answered: 1, correct: 1, timeSpent: 0 });
  });
});

describe('the day item’s category × difficulty counters', () => {
  it('names them per pair and reads them back, category names with # included', () => {
    const names = pairAttributes('言語#C', '上級');
    expect(names).toEqual({ answered: 'n#言語#C#上級', correct: 'c#言語#C#上級', last: 't#言語#C#上級' });
    expect(
      pairsOf({
        date: '2026-01-01',
        questionsAnswered: 9,
        [names.answered]: 4,
        [names.correct]: 3,
        [names.last]: '2026-01-01T01:00:00.000Z',
        'n#科学#初級': 5,
      }),
    ).toEqual([
      { category: '言語#C', difficulty: '上級', answered: 4, correct: 3, last: '2026-01-01T01:00:00.000Z' },
      { category: '科学', difficulty: '初級', answered: 5, correct: 0, last: null },
    ]);
  });
});
