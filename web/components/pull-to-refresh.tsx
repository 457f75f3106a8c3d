import { arrowDown } from 'ionicons/icons';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Icon } from './icon.tsx';
import './screen-state.css';
import './pull-to-refresh.css';

/** How far (px) the indicator must travel before letting go refreshes. */
const PULL_THRESHOLD = 64;
/** The indicator travels half as far as the finger, and no further than this. */
const MAX_PULL = 96;

/**
 * Pull-to-refresh on a scrolling element, as Ionic's md refresher does it: a
 * finger that pulls down from the top of the list draws a round indicator
 * after it; letting go past the threshold refreshes, and the indicator spins
 * until `onRefresh` settles. Touch only, like the gesture itself; anywhere
 * but the top, or pulling up, the list scrolls as usual.
 */
export function PullToRefresh({
  scroller,
  onRefresh,
}: {
  scroller: RefObject<HTMLElement | null>;
  onRefresh: () => Promise<unknown>;
}) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const busy = useRef(false);

  const refresh = useEffectEvent(() => {
    busy.current = true;
    setRefreshing(true);
    void onRefresh().finally(() => {
      busy.current = false;
      setRefreshing(false);
      setPull(0);
    });
  });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let startY: number | null = null;
    let distance = 0;

    const start = (event: TouchEvent) => {
      const touch = event.touches[0];
      startY = !busy.current && event.touches.length === 1 && element.scrollTop <= 0 && touch ? touch.clientY : null;
      distance = 0;
    };
    const move = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY === null || !touch) return;
      const travelled = touch.clientY - startY;
      if (travelled <= 0 && distance === 0) {
        startY = null; // a scroll up, or no pull at all: the list's own gesture
        return;
      }
      event.preventDefault(); // the pull, not the page's overscroll, follows the finger
      distance = Math.min(MAX_PULL, Math.max(0, travelled / 2));
      setPull(distance);
    };
    const end = () => {
      if (startY === null) return;
      startY = null;
      if (distance >= PULL_THRESHOLD) refresh();
      else setPull(0);
    };

    element.addEventListener('touchstart', start, { passive: true });
    element.addEventListener('touchmove', move, { passive: false });
    element.addEventListener('touchend', end);
    element.addEventListener('touchcancel', end);
    return () => {
      element.removeEventListener('touchstart', start);
      element.removeEventListener('touchmove', move);
      element.removeEventListener('touchend', end);
      element.removeEventListener('touchcancel', end);
    };
  }, [scroller]);

  const shown = refreshing ? PULL_THRESHOLD : pull;
  return (
    <div
      className={`pull-to-refresh${refreshing ? ' pull-to-refresh--refreshing' : ''}${pull === 0 && !refreshing ? ' pull-to-refresh--idle' : ''}`}
      style={{ transform: `translate(-50%, ${shown - 44}px)` }}
      aria-hidden="true"
      data-testid="pull-to-refresh"
    >
      {refreshing ? (
        <span className="screen-state__spinner pull-to-refresh__spinner" />
      ) : (
        <span style={{ transform: `rotate(${(Math.min(pull, PULL_THRESHOLD) / PULL_THRESHOLD) * 180}deg)` }}>
          <Icon src={arrowDown} />
        </span>
      )}
    </div>
  );
}
