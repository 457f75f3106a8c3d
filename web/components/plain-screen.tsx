import type { ReactNode } from 'react';
import { Toolbar } from './toolbar.tsx';
import './plain-screen.css';

/**
 * A screen outside the tabs (sign-in, registration, invitation link), laid
 * out like an Ionic page: a toolbar with the title, then the content, which
 * scrolls with the whole screen.
 */
export function PlainScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="plain-screen">
      <Toolbar title={title} />
      <main className="plain-content">{children}</main>
    </div>
  );
}
