import { describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES } from '@shared/attempts';
import type { CreateQuizData } from '@shared/quiz-schemas';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { Question } from '@shared/quiz-schemas';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import type { UserItem } from '../users/user-store';
import {
  assertQuotaLeft,
  assertPrivacyAllowed,
  averageRating,
  canView,
  changedQuestions,
  checkedAnswer,
  editedQuiz,
  editRecord,
  EDIT_RECORD_QUESTIONS_BYTES,
  isFeaturable,
  isKnownCategory,
  isPubliclyVisible,
  newQuiz,
  quizQuota,
  quotaReached,
  revisedQuestions,
  toPlayable,
  toSummary,
  type Quiz,
} from './quiz-policy';

const now = new Date('2026-11-26T03:00:00.000Z');

const quiz = (fields: Partial<Quiz> = {}): Quiz => ({
  id: 'q1',
  title: '日本の川',
  description: '長さと流域',
  category: '地理',
  difficulty: '初級',
  timeLimit: 30,
  authorId: 'author',
  authorName: '作者',
  username: 'author',
  isPublished: true,
  isHidden: false,
  status: 'active',
  questionCount: 2,
  reportCount: 0,
  participantCount: 0,
  totalPlayers: 0,
  ratingSum: 0,
  ratingCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

const question = (order: number, fields: Partial<Question> = {}): Question => ({
  id: `question-${order}`,
  questionText: `問${order}`,
  optionA: 'ア',
  optionB: 'イ',
  optionC: null,
  optionD: null,
  correctAnswer: 'A',
  explanation: '解説',
  order,
  ...fields,
});

const author = { id: 'author', role: 'user' } as const;
const stranger = { id: 'someone', role: 'user' } as const;
const admin = { id: 'admin', role: 'admin' } as const;

const input = (questions: number): CreateQuizData => ({
  quiz: {
    title: '日本の山',
    description: '高さ',
    category: '地理',
    difficulty: '中級',
    timeLimit: 20,
    isPublished: true,
    tags: [],
  },
  questions: Array.from({ length: questions }, (_, index) => ({
    questionText: `問${index + 1}`,
    optionA: 'ア',
    optionB: 'イ',
    optionC: null,
    optionD: null,
    correctAnswer: 'B',
    explanation: null,
  })),
});

describe('who sees a quiz', () => {
  it('lists only published, unhidden, active quizzes, and features only those without open reports', () => {
    expect(isPubliclyVisible(quiz())).toBe(true);
    expect(isPubliclyVisible(quiz({ isPublished: false }))).toBe(false);
    expect(isPubliclyVisible(quiz({ isHidden: true }))).toBe(false);
    expect(isPubliclyVisible(quiz({ status: 'deleting' }))).toBe(false);
    expect(isFeaturable(quiz())).toBe(true);
    expect(isFeaturable(quiz({ reportCount: 1 }))).toBe(false);
  });

  it('shows a private quiz to its author only, a hidden one to its author and admins, a deleted one to nobody', () => {
    const viewers = [undefined, stranger, author, admin];
    const seenBy = (candidate: Quiz) => viewers.map((viewer) => canView(candidate, viewer));
    expect(seenBy(quiz())).toEqual([true, true, true, true]);
    expect(seenBy(quiz({ isPublished: false }))).toEqual([false, false, true, false]);
    expect(seenBy(quiz({ isHidden: true }))).toEqual([false, false, true, true]);
    expect(seenBy(quiz({ status: 'deleting' }))).toEqual([false, false, false, false]);
  });

  it('gives the answer key to the author and admins only; players learn it by answering', () => {
    const detail = { quiz: quiz(), questions: [question(1), question(2)] };
    expect(toPlayable(detail, author, []).questions[0]).toHaveProperty('correctAnswer', 'A');
    expect(toPlayable(detail, admin, []).questions[0]).toHaveProperty('explanation', '解説');
    for (const viewer of [stranger, undefined]) {
      const played = toPlayable(detail, viewer, []).questions[0]!;
      expect(played).not.toHaveProperty('correctAnswer');
      expect(played).not.toHaveProperty('explanation');
      expect(played.questionText).toBe('問1');
    }
  });

  it('checks one answer against the quiz, and knows no question of another quiz', () => {
    const questions = [question(1), question(2, { correctAnswer: 'B' })];
    expect(checkedAnswer(questions, { questionId: 'question-2', answer: 'B' })).toEqual({
      questionId: 'question-2',
      isCorrect: true,
      correctAnswer: 'B',
      explanation: '解説',
    });
    expect(checkedAnswer(questions, { questionId: 'question-1', answer: 'B' }).isCorrect).toBe(false);
    expect(() => checkedAnswer(questions, { questionId: 'elsewhere', answer: 'A' })).toThrow(
      new NotFoundError(ATTEMPT_MESSAGES.questionNotFound),
    );
  });
});

describe('aggregates', () => {
  it('derives the average rating to one decimal from the sum and the count', () => {
    expect(averageRating({ ratingSum: 0, ratingCount: 0 })).toBe(0);
    expect(averageRating({ ratingSum: 14, ratingCount: 3 })).toBe(4.7);
    expect(toSummary(quiz({ ratingSum: 9, ratingCount: 2, averageRating: 1 }), []).averageRating).toBe(4.5);
  });
});

describe('making quizzes', () => {
  it('allows 3 quizzes to a free member and 100 to an advanced one, and says which limit was reached', () => {
    expect(quizQuota({ isPro: false })).toBe(3);
    expect(quizQuota({ isPro: true })).toBe(100);
    const free = quotaReached({ isPro: false });
    expect(free).toBeInstanceOf(TooManyRequestsError);
    expect([free.message, free.reason]).toEqual([QUIZ_MESSAGES.quotaFree, 'quiz_quota']);
    expect(quotaReached({ isPro: true }).message).toBe(QUIZ_MESSAGES.quotaWithMembership);
  });

  it('lets only advanced members make a quiz private, and lets anyone keep one private', () => {
    const privately = { isPublished: false };
    const publicly = { isPublished: true };
    expect(() => assertPrivacyAllowed({ isPro: false }, privately)).toThrow(
      new ForbiddenError(QUIZ_MESSAGES.privateForMembersOnly),
    );
    expect(() => assertPrivacyAllowed({ isPro: false }, privately, publicly)).toThrow(ForbiddenError);
    expect(() => assertPrivacyAllowed({ isPro: false }, privately, privately)).not.toThrow();
    expect(() => assertPrivacyAllowed({ isPro: false }, publicly)).not.toThrow();
    expect(() => assertPrivacyAllowed({ isPro: true }, privately, publicly)).not.toThrow();
  });

  it('accepts only an active category', () => {
    expect(isKnownCategory('地理', [{ name: '歴史' }, { name: '地理' }])).toBe(true);
    expect(isKnownCategory('料理', [{ name: '歴史' }])).toBe(false);
  });

  it('starts a quiz with nothing played, rated or reported, under its author’s display name', () => {
    const member = { id: 'm1', username: 'taro', nickname: '太郎' } as UserItem;
    expect(newQuiz(member, 'q9', input(2), now)).toMatchObject({
      id: 'q9',
      authorId: 'm1',
      authorName: '太郎',
      username: 'taro',
      status: 'active',
      isHidden: false,
      questionCount: 2,
      participantCount: 0,
      ratingCount: 0,
      reportCount: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  });
});

describe('editing a quiz', () => {
  it('numbers the questions from 1 and keeps each id while the question keeps its position', () => {
    const previous = [question(1), question(2)];
    const revised = revisedQuestions(input(3).questions, previous);
    expect(revised.map((item) => item.order)).toEqual([1, 2, 3]);
    expect(revised.slice(0, 2).map((item) => item.id)).toEqual(['question-1', 'question-2']);
    expect(revised[2]!.id).not.toMatch(/^question-/);
    expect(revised[0]).toMatchObject({ optionC: null, optionD: null, explanation: null });
  });

  it('replaces the edited fields and keeps the counters written meanwhile', () => {
    const before = quiz({ participantCount: 7, ratingSum: 9, ratingCount: 2, reportCount: 1 });
    const after = editedQuiz(before, input(5), now);
    expect(after).toMatchObject({
      title: '日本の山',
      difficulty: '中級',
      questionCount: 5,
      updatedAt: now.toISOString(),
      participantCount: 7,
      ratingSum: 9,
      reportCount: 1,
      createdAt: before.createdAt,
    });
  });

  it('records only the positions that changed, added and removed ones included', () => {
    const before = [question(1), question(2), question(3)];
    const after = [question(1), question(2, { questionText: '改' })];
    expect(changedQuestions(before, after)).toEqual({
      before: [question(2), question(3)],
      after: [question(2, { questionText: '改' })],
    });
    expect(changedQuestions(before, before)).toEqual({ before: [], after: [] });
  });

  it('records who edited, when, why, and the quiz’s fields before and after', () => {
    const before = quiz({ isHidden: true });
    const after = editedQuiz(before, input(1), now);
    const record = editRecord(
      { id: 'author', nickname: '作者', username: 'author' },
      { before, after },
      { before: [question(1)], after: [question(1)] },
    );
    expect(record).toMatchObject({
      quizId: 'q1',
      editorId: 'author',
      editedAt: now.toISOString(),
      reason: QUIZ_MESSAGES.editWhileHidden,
      whileHidden: true,
      changes: {
        quiz: { before: { title: '日本の川', timeLimit: 30 }, after: { title: '日本の山', timeLimit: 20 } },
        questions: { before: [], after: [] },
      },
    });
    expect(
      editRecord(author as unknown as UserItem, { before: quiz(), after }, { before: [], after: [] }).reason,
    ).toBe(QUIZ_MESSAGES.editByAuthor);
  });

  it('keeps an edit of every question of the largest quiz inside an item: each question’s text and answer', () => {
    const full = (order: number, mark: string): Question =>
      question(order, {
        questionText: mark.repeat(500),
        optionA: mark.repeat(200),
        optionB: mark.repeat(200),
        optionC: mark.repeat(200),
        optionD: mark.repeat(200),
        correctAnswer: 'D',
        explanation: mark.repeat(1000),
      });
    const before = Array.from({ length: 50 }, (_, index) => full(index, '前'));
    const after = Array.from({ length: 50 }, (_, index) => full(index, '後'));
    const record = editRecord(
      { id: 'author', nickname: '作者', username: 'author' },
      { before: quiz(), after: quiz() },
      { before, after },
    );
    expect(new TextEncoder().encode(JSON.stringify(record)).length).toBeLessThan(EDIT_RECORD_QUESTIONS_BYTES);
    expect(record.changes.questions).toMatchObject({ abridged: true });
    expect(record.changes.questions.after[49]).toEqual({
      id: 'question-49',
      questionText: '後'.repeat(500),
      correctAnswer: 'D',
    });
    // A usual edit keeps every field.
    const small = editRecord(
      { id: 'author', nickname: '作者', username: 'author' },
      { before: quiz(), after: quiz() },
      { before: [question(1)], after: [question(1, { explanation: '詳しく' })] },
    );
    expect(small.changes.questions).toEqual({
      before: [question(1)],
      after: [question(1, { explanation: '詳しく' })],
    });
  });
});

describe('assertQuotaLeft', () => {
  it('refuses a new quiz at the quota (3 free, 100 advanced) with the quota’s message, and lets one below it', () => {
    expect(() => assertQuotaLeft({ isPro: false }, 2)).not.toThrow();
    expect(() => assertQuotaLeft({ isPro: false }, 3)).toThrow(QUIZ_MESSAGES.quotaFree);
    expect(() => assertQuotaLeft({ isPro: true }, 99)).not.toThrow();
    expect(() => assertQuotaLeft({ isPro: true }, 100)).toThrow(TooManyRequestsError);
  });
});
