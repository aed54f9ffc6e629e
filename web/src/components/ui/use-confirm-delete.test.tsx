import { useMutation } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, useToasts } from '@web/components/toast/toast-store';
import { ApiError } from '@web/lib/api-client';
import { renderWithProviders } from '@web/testing/render';
import { ConfirmDialog } from './confirm-dialog';
import { useConfirmDelete } from './use-confirm-delete';

afterEach(() => {
  act(() => dismissToast());
});

interface Material {
  id: string;
  name: string;
}

/** A list's delete button and its confirmation, as a tab holds them; `remove` answers for the server. */
function Deletable(props: { remove: (id: string) => Promise<unknown>; removed: string[] }) {
  const [deleting, setDeleting] = useState<Material | null>(null);
  const confirm = useConfirmDelete({
    target: deleting,
    close: () => setDeleting(null),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await props.remove(id);
        props.removed.push(id);
      },
    }),
    idOf: (material) => material.id,
    deleted: '教材を削除しました',
    failed: '教材の削除に失敗しました',
  });
  return (
    <>
      <button type="button" onClick={() => setDeleting({ id: 'm1', name: '化学ノート' })}>
        「化学ノート」を削除
      </button>
      <ConfirmDialog
        {...confirm}
        title="教材を削除しますか？"
        description={`「${deleting?.name ?? ''}」を削除します。`}
      />
    </>
  );
}

describe('the delete confirmation', () => {
  it('asks first, says 削除中... while it runs, then closes with the success toast', async () => {
    let answer = () => {};
    const removed: string[] = [];
    const toasts = renderHook(() => useToasts());
    renderWithProviders(
      <Deletable remove={() => new Promise<void>((resolve) => (answer = resolve))} removed={removed} />,
    );
    await userEvent.click(screen.getByRole('button', { name: '「化学ノート」を削除' }));
    const dialog = screen.getByRole('alertdialog', { name: '教材を削除しますか？' });
    expect(dialog.textContent).toContain('「化学ノート」を削除します。');
    expect(removed).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    const running = await screen.findByRole('button', { name: '削除中...' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    act(() => answer());

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(removed).toEqual(['m1']);
    expect(toasts.result.current[0]).toMatchObject({ title: '教材を削除しました', variant: 'success' });
  });

  it('keeps the dialog open on a failure, with the server’s message (else the fallback) in a toast', async () => {
    const toasts = renderHook(() => useToasts());
    const failures = [
      new ApiError(409, JSON.stringify({ message: '使用中の教材は削除できません' }), 'Conflict'),
      new Error('network'),
    ];
    renderWithProviders(<Deletable remove={() => Promise.reject(failures.shift()!)} removed={[]} />);
    await userEvent.click(screen.getByRole('button', { name: '「化学ノート」を削除' }));

    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(toasts.result.current[0]).toMatchObject({ variant: 'destructive' }));
    expect(toasts.result.current[0]!.description).toContain('使用中の教材は削除できません');
    expect(screen.getByRole('alertdialog', { name: '教材を削除しますか？' })).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: '削除する' }));
    await waitFor(() => expect(toasts.result.current[0]!.description).toBe('教材の削除に失敗しました'));
  });

  it('キャンセル closes it and deletes nothing', async () => {
    const removed: string[] = [];
    renderWithProviders(<Deletable remove={() => Promise.resolve()} removed={removed} />);
    await userEvent.click(screen.getByRole('button', { name: '「化学ノート」を削除' }));
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(removed).toEqual([]);
  });
});
