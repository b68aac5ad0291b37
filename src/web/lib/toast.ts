import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast visible at a time, 5 s by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastItem = { id: number; title: string; description?: string; variant?: 'default' | 'destructive'; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(t: Omit<ToastItem, 'id' | 'open'>): number {
  const id = nextId++;
  toasts = [{ ...t, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const NO_TOASTS: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    // A server-rendered page shows no toasts.
    () => NO_TOASTS,
  );
}
