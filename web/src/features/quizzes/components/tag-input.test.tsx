import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TAG_MESSAGES } from '@shared/tags';
import { TagInput } from './tag-input';

/** The input with its value kept, as the form's Controller keeps it. */
function Harness({ initial = [] as string[], error }: { initial?: string[]; error?: string }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagInput id="tags" value={tags} onChange={setTags} error={error} />
      <output data-testid="value">{JSON.stringify(tags)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('the tag input', () => {
  it('adds a tag with Enter or a comma, normalised, and removes one with × or Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByLabelText<HTMLInputElement>('タグ（5個まで）');
    await user.type(box, 'Ｊａｖａ{Enter}歴史,');
    expect(value()).toEqual(['Java', '歴史']);
    expect(box.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'タグ「Java」を削除' }));
    expect(value()).toEqual(['歴史']);
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Backspace}');
    expect(value()).toEqual([]);
  });

  it('refuses a duplicate (case and width), a sixth tag and a long name, saying why', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['java', 'a', 'b', 'c']} />);
    const box = screen.getByLabelText<HTMLInputElement>('タグ（5個まで）');
    await user.type(box, 'ＪＡＶＡ{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(TAG_MESSAGES.duplicate('JAVA'));
    expect(value()).toHaveLength(4);
    await user.clear(box);
    await user.type(box, `${'字'.repeat(51)}{Enter}`);
    expect(screen.getByRole('alert').textContent).toBe(TAG_MESSAGES.nameMax);
    await user.clear(box);
    await user.type(box, 'd{Enter}e{Enter}');
    expect(value()).toEqual(['java', 'a', 'b', 'c', 'd']);
    expect(screen.getByRole('alert').textContent).toBe(TAG_MESSAGES.tooMany);
  });

  it("does not add while an input method is composing, and shows the server's message", () => {
    render(<Harness error={TAG_MESSAGES.unusable('禁止')} />);
    const box = screen.getByLabelText<HTMLInputElement>('タグ（5個まで）');
    fireEvent.change(box, { target: { value: 'にほん' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(value()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(TAG_MESSAGES.unusable('禁止'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});
