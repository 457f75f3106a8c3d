import type { ReactNode } from 'react';
import './plain-screen.css';

/**
 * A screen of the plain shell (sign-in, registration, invitation link), laid
 * out like an Ionic page: a toolbar with the title, then the scrolling content.
 */
export function PlainScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="plain-screen">
      <header className="plain-toolbar">
        <div className="plain-toolbar__title">{title}</div>
      </header>
      <main className="plain-content">{children}</main>
    </div>
  );
}
