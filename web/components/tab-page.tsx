import { useRef } from 'react';
import type { ReactNode } from 'react';
import { PullToRefresh } from './pull-to-refresh.tsx';
import { Toolbar } from './toolbar.tsx';
import './tab-page.css';

interface TabPageProps {
  title: ReactNode;
  /** Before the title: a back button. */
  start?: ReactNode;
  /** After the title: the account buttons. */
  end?: ReactNode;
  /** Pull-to-refresh, when the screen offers it: resolves once the data is fresh. */
  onRefresh?: () => Promise<unknown>;
  /** Floats over the content and stays put as it scrolls (a floating action button). */
  fixed?: ReactNode;
  children: ReactNode;
}

/**
 * A tab screen: the toolbar, then the content, which scrolls on its own. Each
 * visited tab keeps its screen (web/pages/tabs-layout.tsx), so its scroll
 * position survives a trip to another tab.
 */
export function TabPage({ title, start, end, onRefresh, fixed, children }: TabPageProps) {
  const content = useRef<HTMLElement>(null);
  return (
    <div className="tab-page">
      <Toolbar title={title} start={start} end={end} />
      <div className="tab-page__body">
        <main ref={content} className="tab-page__content">
          {children}
        </main>
        {onRefresh && <PullToRefresh scroller={content} onRefresh={onRefresh} />}
        {fixed}
      </div>
    </div>
  );
}
