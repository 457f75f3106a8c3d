import { useSyncExternalStore } from 'react';

/** The spec's error catalogue: every message is a toast coloured danger, warning, success or medium. */
export type ToastColor = 'danger' | 'warning' | 'success' | 'medium';

/** The spec allows 2000 to 5000 ms; long enough to read a two-line server message. */
export const TOAST_DURATION_MS = 4000;

export interface ToastContent {
  message: string;
  color: ToastColor;
  header?: string;
}

export interface ShownToast extends ToastContent {
  /** Tells one toast from the next with the same text, so the newer one restarts its timer. */
  id: number;
}

/**
 * The app's one toast, kept outside React's tree: a notice given while one
 * shell hands over to the other (sign-in, sign-out, an expired session) stays
 * on screen, and the sign-in screens need no UI library to show it.
 */
let current: ShownToast | null = null;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(toast: ShownToast | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

/** Shows a toast above the tab bar (toaster.css), in place of any toast still on screen. */
export function showToast(content: ToastContent): void {
  clearTimeout(hideTimer);
  const toast = { ...content, id: nextId++ };
  publish(toast);
  hideTimer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

/** Toasts waiting for the one on screen to go (`queueToast`), oldest first. */
const waiting: ToastContent[] = [];

/**
 * Shows a toast after the one on screen (and any already waiting), rather than in its place:
 * for notices that must each be read, such as two loads failing together (the spec's
 * 'Error al cargar los equipos', then 'Error al cargar los partidos').
 */
export function queueToast(content: ToastContent): void {
  if (current === null) showToast(content);
  else waiting.push(content);
}

/** Hides the toast `id`, if it is still the one on screen; the next queued toast, if any, follows. */
export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  const next = waiting.shift();
  if (next) showToast(next);
  else publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShownToast(): ShownToast | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** For components: the function that shows a toast (stable, like a hook's callback). */
export function useToast(): (content: ToastContent) => void {
  return showToast;
}
