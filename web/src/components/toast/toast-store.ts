import { useSyncExternalStore } from 'react';
import { UI } from '@shared/constants';

/**
 * The toast queue: one toast at a time (a new toast replaces the current one). A dismissed toast
 * stays in memory for its close animation and is removed after `UI.toastRemoveDelayMs`.
 */
export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen (default 5000). */
  duration?: number;
}

export interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

const TOAST_LIMIT = 1;
let toasts: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number) {
  emit(toasts.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
  for (const entry of toasts) {
    if ((id !== undefined && entry.id !== id) || removalTimers.has(entry.id)) continue;
    removalTimers.set(
      entry.id,
      setTimeout(() => {
        removalTimers.delete(entry.id);
        emit(toasts.filter((candidate) => candidate.id !== entry.id));
      }, UI.toastRemoveDelayMs),
    );
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
