import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnswerLetter } from '@shared/constants';
import { useAnswerKeys } from './use-answer-keys';

const LETTERS: AnswerLetter[] = ['A', 'B', 'C'];

function Question({ chosen, dialog }: { chosen: AnswerLetter[]; dialog: boolean }) {
  useAnswerKeys(LETTERS, (letter) => chosen.push(letter));
  return dialog ? <div role="alertdialog">クイズを中断しますか？</div> : null;
}

describe('useAnswerKeys', () => {
  it('answers by number or letter, only with the letters the question has', () => {
    const chosen: AnswerLetter[] = [];
    render(<Question chosen={chosen} dialog={false} />);
    fireEvent.keyDown(window, { key: '2' });
    fireEvent.keyDown(window, { key: 'c' });
    fireEvent.keyDown(window, { key: 'D' });
    fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    expect(chosen).toEqual(['B', 'C']);
  });

  it('leaves the keys alone while a dialog is open over the question', () => {
    const chosen: AnswerLetter[] = [];
    render(<Question chosen={chosen} dialog />);
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: 'A' });
    expect(chosen).toEqual([]);
  });
});
