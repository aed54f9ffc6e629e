import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Todo } from '@shared/learning';
import { json, renderWithProviders } from '@web/testing/render';
import { todo, TODAY } from '../testing/learning-records';
import { TodoPanel } from './todo-panel';

afterEach(() => vi.unstubAllGlobals());

/** The to-do calls over a list kept here, as the server keeps it. */
function server(initial: Todo[]) {
  let todos = [...initial];
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === `/api/todos?date=${TODAY}`) return json({ date: TODAY, todos });
    if (url === '/api/todos' && method === 'POST') {
      const added = todo(`0000000${todos.length}-0000-4000-8000-000000000000`, String(body!.text));
      todos.push(added);
      return json(added, 201);
    }
    const id = decodeURIComponent(url.replace('/api/todos/', ''));
    if (method === 'PATCH') {
      todos = todos.map((item) => (item.id === id ? { ...item, ...body } : item));
      return json(todos.find((item) => item.id === id));
    }
    if (method === 'DELETE') {
      todos = todos.filter((item) => item.id !== id);
      return json({ deleted: true, message: 'やることを削除しました' });
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { sent };
}

const first = todo('11111111-1111-4111-8111-111111111111', '単語を10個覚える');

describe("today's to-dos", () => {
  it('adds a to-do (checked with the server’s schema first), ticks it and edits it', async () => {
    const { sent } = server([first]);
    const user = userEvent.setup();
    renderWithProviders(<TodoPanel userId="u1" today={TODAY} />);
    expect(await screen.findByLabelText('単語を10個覚える')).toBeTruthy();

    await user.type(screen.getByLabelText('新しいやること'), '   ');
    await user.click(screen.getByRole('button', { name: '追加' }));
    expect(screen.getByRole('alert').textContent).toBe('やることは1〜200文字で入力してください');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('新しいやること'));
    await user.type(screen.getByLabelText('新しいやること'), '歴史のクイズを解く');
    await user.click(screen.getByRole('button', { name: '追加' }));
    const added = await screen.findByLabelText('歴史のクイズを解く');
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/todos',
      body: { text: '歴史のクイズを解く', date: TODAY },
    });
    expect((screen.getByLabelText('新しいやること') as HTMLInputElement).value).toBe('');

    await user.click(added);
    await waitFor(() =>
      expect((screen.getByLabelText('歴史のクイズを解く') as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByText('1 / 2 完了')).toBeTruthy();
    expect(sent[1]).toMatchObject({ method: 'PATCH', body: { completed: true } });

    await user.click(screen.getByRole('button', { name: '「単語を10個覚える」を編集' }));
    const editor = screen.getByLabelText('やることの内容');
    await user.clear(editor);
    await user.type(editor, '単語を20個覚える');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByLabelText('単語を20個覚える')).toBeTruthy();
    expect(sent[2]).toEqual({
      method: 'PATCH',
      url: `/api/todos/${encodeURIComponent(first.id)}`,
      body: { text: '単語を20個覚える' },
    });
  });

  it('deletes a to-do after the confirmation', async () => {
    server([first]);
    const user = userEvent.setup();
    renderWithProviders(<TodoPanel userId="u1" today={TODAY} />);
    await user.click(await screen.findByRole('button', { name: '「単語を10個覚える」を削除' }));
    const dialog = screen.getByRole('alertdialog', { name: 'やることを削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('今日のやることはまだありません。')).toBeTruthy();
  });
});
