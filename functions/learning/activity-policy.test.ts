import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, ACTIVITY_TEXT } from '@shared/learning';
import type { Question } from '@shared/quiz-schemas';
import {
  activityOf,
  latestPerQuiz,
  recentAttempt,
  RECENT_QUIZZES,
  statsOf,
  type PlayRecord,
} from './activity-policy';

const play = (
  id: string,
  quizId: string,
  completedAt: string,
  fields: Partial<PlayRecord> = {},
): PlayRecord => ({
  id,
  quizId,
  score: 1,
  totalQuestions: 2,
  answers: {},
  completedAt,
  ...fields,
});

const question = (id: string, correctAnswer: Question['correctAnswer']): Question => ({
  id,
  questionText: `問題${id}`,
  optionA: 'あ',
  optionB: 'い',
  optionC: null,
  optionD: null,
  correctAnswer,
  explanation: null,
  order: 0,
});

describe('the profile’s numbers and lists', () => {
  it('reads the stats from the counters, the average as right answers over all answered', () => {
    expect(statsOf(undefined)).toEqual({
      quizzesCreated: 0,
      quizzesCompleted: 0,
      averageScore: 0,
      totalPoints: 0,
      proLastPaidAt: null,
    });
    expect(
      statsOf({
        quizCount: 2,
        quizzesCompleted: 3,
        correctAnswers: 2,
        answeredQuestions: 3,
        totalPoints: 20,
      }),
    ).toMatchObject({ quizzesCreated: 2, quizzesCompleted: 3, averageScore: 67, totalPoints: 20 });
  });

  it('keeps the latest play of each quiz, for the last ten quizzes played', () => {
    const plays = [play('p3', 'a', '3'), play('p2', 'b', '2'), play('p1', 'a', '1')];
    expect(latestPerQuiz(plays).map(({ id }) => id)).toEqual(['p3', 'p2']);
    const many = Array.from({ length: 12 }, (_, index) => play(`p${index}`, `q${index}`, `${index}`));
    expect(latestPerQuiz(many)).toHaveLength(RECENT_QUIZZES);
  });

  it('lists a result’s mistakes: answered and not right, unanswered as such', () => {
    const questions = [question('q1', 'A'), question('q2', 'B'), question('q3', 'A')];
    const result = recentAttempt(
      play('p1', 'quiz', '2026-11-26', { answers: { q1: 'A', q2: 'A', q3: '-' } }),
      {
        title: 'クイズ名',
        questions,
      },
    );
    expect(result).toEqual({
      quizId: 'quiz',
      quizTitle: 'クイズ名',
      date: '2026-11-26',
      correctRate: 50,
      mistakes: [
        { question: '問題q2', yourAnswer: 'A: あ', correctAnswer: 'B: い' },
        { question: '問題q3', yourAnswer: ACTIVITY_TEXT.unanswered, correctAnswer: 'A: あ' },
      ],
    });
  });

  it('merges plays, quizzes created and achievements, the newest five', () => {
    const activity = activityOf({
      plays: [play('p2', 'a', '2026-11-05'), play('p1', 'gone', '2026-11-01')],
      titles: new Map([['a', 'クイズA']]),
      created: [{ id: 'a', title: 'クイズA', createdAt: '2026-11-03' }],
      achievements: [
        { key: 'first_completion', title: '古い名前', description: '', achievedAt: '2026-11-04' },
      ],
    });
    expect(activity.map(({ id, title }) => [id, title])).toEqual([
      ['p2', 'クイズA'],
      ['achievement-first_completion', ACHIEVEMENTS.first_completion.title],
      ['created-a', 'クイズA'],
      ['p1', ACTIVITY_TEXT.untitledQuiz],
    ]);
    const many = Array.from({ length: 8 }, (_, index) => play(`p${index}`, 'a', `2026-11-0${index + 1}`));
    expect(activityOf({ plays: many, titles: new Map(), created: [], achievements: [] })).toHaveLength(5);
  });
});
