import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { fakeFetch, renderWithProviders } from '@web/testing/render';
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
});
