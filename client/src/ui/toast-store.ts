import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type ToastItem = { id: number; title: string; description?: string; variant: ToastVariant };

// One toast at a time, shown for 5 s; a new toast replaces the current one.
export const TOAST_DURATION_MS = 5000;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }) {
  current = { id: nextId++, variant: 'default', ...input };
  emit();
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
