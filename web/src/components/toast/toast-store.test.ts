import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI } from '@shared/constants';
import { dismissToast, toast, useToasts } from './toast-store';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a new toast replaces the current one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => void toast({ title: 'エラー', description: '一つ目' }));
    act(() => void toast({ title: 'クイズ完了！' }));
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'クイズ完了！', open: true });
  });

  it('closes a dismissed toast and removes it after the remove delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => void (id = toast({ title: 'a' }).id));
    act(() => dismissToast(id));
    expect(result.current[0]).toMatchObject({ open: false });
    act(() => void vi.advanceTimersByTime(UI.toastRemoveDelayMs));
    expect(result.current).toHaveLength(0);
  });
});
