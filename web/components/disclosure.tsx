import { chevronDown } from 'ionicons/icons';
import { useState, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import './disclosure.css';

interface DisclosureProps {
  /** What the row says while closed and open ("Reglas"). */
  title: string;
  /** A short reminder beside the title of what is inside ("Quiniela 1X2"). */
  hint?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A row that opens what a screen keeps folded until asked for (a pool's rules and its organiser's tools): the
 * browser's own disclosure (`details`), so a tap, Enter or Space opens it and screen readers say whether it is
 * open. Closed on every visit. What is inside is made on the first opening, so code it loads lazily (the organiser's
 * tools) arrives then, not with the screen (issue 38).
 */
export function Disclosure({ title, hint, className, testId, children }: DisclosureProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className={`disclosure${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="disclosure__summary">
        <span className="disclosure__title">{title}</span>
        {hint && <span className="disclosure__hint">{hint}</span>}
        <Icon src={chevronDown} />
      </summary>
      <div className="disclosure__content">{opened && children}</div>
    </details>
  );
}
