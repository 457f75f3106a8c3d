import { useEffect, useLayoutEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import { dismissToast, useShownToast } from '../lib/toast.ts';
import './toaster.css';

/** Space between the toast and what it must not cover. */
const GAP = 8;

/** Drawn on screen (`checkVisibility` arrived in Safari 17.4: before it, whether it has a box at all). */
const shown = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement &&
  (typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : element.getClientRects().length > 0);

/**
 * The control the user is on: the last one focused or tapped (a tap on a button does not focus it everywhere, as in
 * Safari). Kept from the events themselves, since the element may lose focus before a toast appears.
 */
let attention: HTMLElement | null = null;
const follow = (event: Event) => {
  if (event.target instanceof HTMLElement && event.target !== document.body) attention = event.target;
};

/**
 * Where the toast goes so that it covers neither a toolbar nor what the user is about to use. At the bottom by
 * default, above the tab bar and any floating button (the pools' +); at the top, under the toolbar of the screen or
 * of the dialog on top, when the control the user is on (the button just pressed, the field a warning is about)
 * sits in the lower half, so a save's outcome leaves what follows the button in view
 * ("Historial del resultado") and a warning leaves its field.
 */
function placement(): CSSProperties {
  const height = window.innerHeight;
  const dialog = [...document.querySelectorAll('ion-modal.show-modal')].at(-1);
  const toolbar = dialog
    ? dialog.querySelector('ion-toolbar')
    : [...document.querySelectorAll('.toolbar')].find((element) => shown(element));
  const top = shown(toolbar) ? toolbar.getBoundingClientRect().bottom + GAP : null;
  // Whatever sits at the foot of the screen: the tab bar and floating buttons (under a dialog too: it may be closing).
  const floor = [...document.querySelectorAll('.tab-bar, .fab')]
    .filter((element) => shown(element))
    .reduce((lowest, element) => Math.min(lowest, element.getBoundingClientRect().top), height);
  const bottom = floor < height ? { bottom: `${height - floor + GAP}px` } : {};

  if (top !== null && attention?.isConnected && shown(attention)) {
    const box = attention.getBoundingClientRect();
    const inView = box.bottom > top && box.top < floor;
    if (inView && (box.top + box.bottom) / 2 > (top + floor) / 2) return { top: `${top}px`, bottom: 'auto' };
  }
  return bottom;
}

/**
 * Renders the app's toast (web/lib/toast.ts) over whichever shell is showing.
 * The live region is always in the page, so screen readers hear every message
 * it receives; a tap hides the toast early.
 */
export function Toaster() {
  const toast = useShownToast();
  const region = useRef<HTMLDivElement>(null);
  const id = toast?.id;
  useEffect(() => {
    document.addEventListener('pointerdown', follow, true);
    document.addEventListener('focusin', follow, true);
    return () => {
      document.removeEventListener('pointerdown', follow, true);
      document.removeEventListener('focusin', follow, true);
    };
  }, []);
  // Placed once per toast, before it is painted, from the screen as it is when it appears.
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || id === undefined) return;
    element.style.top = '';
    element.style.bottom = '';
    Object.assign(element.style, placement());
  }, [id]);
  return (
    <div ref={region} className="toaster" role="status" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          className={`toast ion-color-${toast.color}`}
          onClick={() => dismissToast(toast.id)}
          data-testid="toast"
        >
          {toast.header && <div className="toast-header">{toast.header}</div>}
          <div className="toast-message">{toast.message}</div>
        </div>
      )}
    </div>
  );
}
