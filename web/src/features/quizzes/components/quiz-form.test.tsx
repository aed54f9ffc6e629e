import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { QuizDetail } from '@shared/quiz-schemas';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { quizFormValues } from '../quiz-form-values';
import { QuizForm } from './quiz-form';

afterEach(() => vi.unstubAllGlobals());

describe('QuizForm', () => {
  it('says why an over-long explanation or option stops the save, next to the field', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/categories': () => new Response('[]') }).fetchImpl);
    const onSubmit = vi.fn();
    const initial = quizFormValues();
    initial.quiz = { ...initial.quiz, title: '歴史', description: '説明', category: '歴史' };
    initial.questions = [
      {
        questionText: '問い',
        optionA: 'はい',
        optionB: 'い'.repeat(201),
        optionC: '',
        optionD: '',
        correctAnswer: 'A',
        explanation: 'あ'.repeat(1001),
      },
    ];
    renderWithProviders(
      <QuizForm
        mode="create"
        initial={initial}
        isPro={false}
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.submit(screen.getByLabelText('解説（任意）').closest('form')!);
    expect(await screen.findByText(QUIZ_MESSAGES.explanationMax)).toBeTruthy();
    expect(screen.getByText(QUIZ_MESSAGES.optionMax)).toBeTruthy();
    expect(screen.getByLabelText('解説（任意）').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  const stored: QuizDetail = {
    id: 'q1',
    title: '日本の城',
    description: '城の問題',
    category: '歴史',
    difficulty: '中級',
    timeLimit: 10,
    questionCount: 1,
    participantCount: 0,
    totalPlayers: 0,
    averageRating: 0,
    authorId: 'u1',
    authorName: 'はなこ',
    isPublished: true,
    isHidden: false,
    reportCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tags: [],
    questions: [
      {
        id: 'x',
        questionText: '姫路城がある県は？',
        optionA: '兵庫県',
        optionB: '岡山県',
        optionC: null,
        optionD: null,
        correctAnswer: 'A',
        explanation: null,
        order: 0,
      },
    ],
  };

  it('shows the quiz’s own category while the category list is still on its way, and keeps it when it comes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const categories = new Promise<Response>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async () => categories);
    renderWithProviders(
      <QuizForm
        mode="edit"
        initial={quizFormValues(stored)}
        isPro={false}
        pending={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const select = screen.getByLabelText('カテゴリ') as HTMLSelectElement;
    expect(select.value).toBe('歴史');
    answer(
      json(
        ['科学', '歴史', '地理'].map((name) => ({
          id: name,
          name,
          description: '',
          color: '#3B82F6',
          icon: 'folder',
          isActive: true,
        })),
      ),
    );
    await screen.findByRole('option', { name: '科学' });
    expect(select.value).toBe('歴史');
    expect(select.selectedOptions[0]?.textContent).toBe('歴史');
  });

  it('sends nothing when an edit changes nothing, and says so', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/categories': () => json([]) }).fetchImpl);
    const onSubmit = vi.fn();
    renderWithProviders(
      <QuizForm
        mode="edit"
        initial={quizFormValues(stored)}
        isPro={false}
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    expect(await screen.findByText(/変更された項目はありません/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '日本の名城' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('asks for a description when editing as when creating', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/categories': () => json([]) }).fetchImpl);
    const onSubmit = vi.fn();
    renderWithProviders(
      <QuizForm
        mode="edit"
        initial={quizFormValues(stored)}
        isPro={false}
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('説明')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('説明'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    expect(await screen.findByText(QUIZ_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has the time limit field when creating as when editing, and sends it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/categories': () => json([{ id: 'c', name: '歴史' }]) }).fetchImpl,
    );
    const onSubmit = vi.fn();
    const initial = quizFormValues();
    initial.quiz = { ...initial.quiz, title: '城', description: '説明', category: '歴史' };
    initial.questions = [
      { ...initial.questions[0]!, questionText: '問い', optionA: 'はい', optionB: 'いいえ' },
    ];
    renderWithProviders(
      <QuizForm
        mode="create"
        initial={initial}
        isPro={false}
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('制限時間（分）');
    expect((field as HTMLInputElement).value).toBe('10');
    fireEvent.change(field, { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: 'クイズを作成' }));
    expect(await screen.findByText(QUIZ_MESSAGES.timeLimitRange)).toBeTruthy();
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'クイズを作成' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].quiz.timeLimit).toBe(25);
  });
});
