import { useEffect } from 'react';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';

/**
 * Keyboard answers: 1–4 or A–D choose the option with that letter, if the question has it. Keys
 * typed into a form field, held down, pressed with a modifier, or pressed while a dialog is open
 * over the question (「クイズを中断しますか？」) are left alone.
 */
export function useAnswerKeys(letters: readonly AnswerLetter[], onChoose: (letter: AnswerLetter) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (
        event.target instanceof HTMLElement &&
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)
      )
        return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const key = event.key.toUpperCase();
      const byNumber = ['1', '2', '3', '4'].indexOf(key);
      const letter =
        byNumber >= 0
          ? ANSWER_LETTERS[byNumber]
          : (ANSWER_LETTERS as readonly string[]).includes(key)
            ? (key as AnswerLetter)
            : undefined;
      if (letter && letters.includes(letter)) onChoose(letter);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [letters, onChoose]);
}
