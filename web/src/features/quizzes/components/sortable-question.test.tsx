import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@web/testing/render';
import { quizFormValues, type QuizFormValues } from '../quiz-form-values';
import { QuizForm } from './quiz-form';

afterEach(() => vi.unstubAllGlobals());

const question = (text: string) => ({
  questionText: text,
  optionA: 'はい',
  optionB: 'いいえ',
  optionC: '',
  optionD: '',
  correctAnswer: 'A' as const,
  explanation: '',
});

function renderForm(onSubmit = vi.fn()) {
  vi.stubGlobal('fetch', fakeFetch({ '/api/categories': () => new Response('[]') }).fetchImpl);
  const initial = quizFormValues();
  initial.quiz = { ...initial.quiz, title: '並べ替え', description: '説明', category: '歴史' };
  initial.questions = [question('一'), question('二'), question('三')];
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
  return onSubmit;
}

const texts = () => screen.getAllByLabelText('質問文').map((field) => (field as HTMLTextAreaElement).value);
const announced = () => screen.getByRole('status').textContent;

/** A drag's data, as the browser carries it from the drag's start to its drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    dropEffect: 'none',
    effectAllowed: 'all',
  };
}

describe('ordering the quiz form’s questions', () => {
  it('moves a question with 上へ and 下へ, announcing each move and keeping focus on the button', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '問題 1 を下へ' }));
    expect(texts()).toEqual(['二', '一', '三']);
    expect(announced()).toBe('問題 1 を 2 番目に移動しました。');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('問題 2 を下へ'));
    await user.click(screen.getByRole('button', { name: '問題 3 を上へ' }));
    expect(texts()).toEqual(['二', '三', '一']);
    expect((screen.getByRole('button', { name: '問題 1 を上へ' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '問題 3 を下へ' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves a question with the arrow keys on its handle', async () => {
    renderForm();
    const handle = screen.getByRole('button', {
      name: '問題 3 / 3 を移動（ドラッグ、または上下の矢印キー）',
    });
    handle.focus();
    await userEvent.setup().keyboard('{ArrowUp}{ArrowUp}');
    expect(texts()).toEqual(['三', '一', '二']);
    expect(announced()).toBe('問題 2 を 1 番目に移動しました。');
  });

  it('moves a question dragged onto another', () => {
    renderForm();
    const transfer = dataTransfer();
    const handle = screen.getByRole('button', {
      name: '問題 1 / 3 を移動（ドラッグ、または上下の矢印キー）',
    });
    fireEvent.dragStart(handle, { dataTransfer: transfer });
    const target = screen.getAllByLabelText('質問文')[2]!;
    fireEvent.dragOver(target, { dataTransfer: transfer });
    fireEvent.drop(target, { dataTransfer: transfer });
    expect(texts()).toEqual(['二', '三', '一']);
  });

  it('copies a question right after it, and sends the questions in their new order', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '問題 2 を複製' }));
    expect(texts()).toEqual(['一', '二', '二', '三']);
    expect(announced()).toBe('問題 2 を複製しました。複製は問題 3 です。');
    expect(screen.getByText('問題（4問）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '問題 4 を上へ' }));
    await user.click(screen.getByRole('button', { name: 'クイズを作成' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]![0] as QuizFormValues;
    expect(sent.questions.map((item) => item.questionText)).toEqual(['一', '二', '三', '二']);
  });

  it('asks the browser to confirm leaving the page once something changed', async () => {
    renderForm();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: '問題 1 を下へ' }));
    expect(leave()).toBe(true);
  });
});
