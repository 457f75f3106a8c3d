import { useCallback, useEffect, useRef, useState } from 'react';

/** Between two idle batches where the browser has no `requestIdleCallback`. */
const IDLE_FALLBACK_MS = 100;

/**
 * Hundreds of items at once block the main thread for seconds on a phone, so a long list renders a first batch
 * and adds the next when its last item scrolls into view; tabbing onto that item scrolls it too, so keyboard
 * users go on into the new ones. `showMoreFromButton` (for a "Ver más…" button after the list, which whoever
 * gets there without scrolling uses: a screen reader's cursor) does the same and moves focus to the first
 * item it added (its first enabled button, else the item: give items `tabIndex={-1}` when that button may be
 * disabled or not focusable yet).
 *
 * Items are the elements under `listRef` matching `itemSelector`, so a list grouped under headings (sections of
 * lists) batches its items the same way as a flat one.
 */
export function useBatchedList<E extends HTMLElement>(
  total: number,
  {
    first,
    next,
    itemSelector = ':scope > li',
    fillWhenIdle = false,
  }: {
    first: number;
    next: number;
    itemSelector?: string;
    /**
     * The rest follows by itself, a batch each time the page is idle, so the whole list ends up in the page (the
     * browser's find-in-page and a screen reader's headings reach every item) without holding up the first screen.
     */
    fillWhenIdle?: boolean;
  },
) {
  const [shown, setShown] = useState(first);
  const showMore = useCallback(() => setShown((count) => count + next), [next]);
  const hasMore = total > shown;
  const listRef = useRef<E>(null);
  /** The first item the button added, to be focused once it is rendered. */
  const focusIndex = useRef<number | null>(null);
  const items = () => listRef.current?.querySelectorAll<HTMLElement>(itemSelector);

  // A new observer per batch, on its last item: it reports at once if that item is already in view.
  useEffect(() => {
    const all = items();
    const lastItem = all?.[all.length - 1];
    if (!hasMore || !lastItem) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    });
    observer.observe(lastItem);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `items` reads the ref; a batch is what changes it
  }, [hasMore, shown, showMore]);

  useEffect(() => {
    if (!fillWhenIdle || !hasMore) return;
    if (!('requestIdleCallback' in window)) {
      // Safari has no idle callback: a short pause between batches leaves room for input all the same.
      const timer = setTimeout(showMore, IDLE_FALLBACK_MS);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(showMore);
    return () => cancelIdleCallback(handle);
  }, [fillWhenIdle, hasMore, shown, showMore]);

  useEffect(() => {
    if (focusIndex.current === null) return;
    // Its first enabled button (a locked pick's are disabled), else the item itself (if focusable): a button in a
    // custom element that has not rendered yet (Ionic hides an ion-card until then) does not take focus either.
    const item = items()?.[focusIndex.current];
    const button = item?.querySelector<HTMLElement>('button:not(:disabled)');
    button?.focus();
    if (item && (!button || document.activeElement !== button)) item.focus();
    focusIndex.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once the added batch is rendered
  }, [shown]);

  const showMoreFromButton = () => {
    focusIndex.current = shown;
    showMore();
  };

  return { shown, hasMore, listRef, showMoreFromButton };
}
