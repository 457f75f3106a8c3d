import { cloudOfflineOutline } from 'ionicons/icons';
import { useLayoutEffect, useRef } from 'react';
import { connectionNotice } from '../lib/connection-status.ts';
import { useConnectivity } from '../lib/connectivity.ts';
import { Icon } from './icon.tsx';
import './connection-banner.css';

/**
 * The offline indicator and the "stale data" mark (the spec's offline behaviour): a slim banner at
 * the top of every screen while the device is offline or the screens show the
 * cached answers of the API client. Rendered once, by the app shell.
 */
export function ConnectionBanner() {
  const notice = connectionNotice(useConnectivity());
  const banner = useRef<HTMLDivElement>(null);

  // The router outlet below moves down by the banner's height, whatever its text wraps to. The observer
  // reports it after layout and before paint, each time it changes; measuring here as well would force a
  // layout of the whole first screen inside React's commit.
  useLayoutEffect(() => {
    const element = banner.current;
    const shell = element?.parentElement;
    if (!element || !shell || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      shell.style.setProperty('--connection-banner-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={banner} className="connection-banner" role="status" aria-live="polite" data-testid="connection-banner">
      {notice && (
        <>
          <Icon src={cloudOfflineOutline} />
          <span>{notice}</span>
        </>
      )}
    </div>
  );
}
