import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';
import './toolbar.css';

interface ToolbarProps {
  /** The screen's name: its one top-level heading. */
  title: ReactNode;
  /** Before the title (a back button). */
  start?: ReactNode;
  /** After the title (the account buttons). */
  end?: ReactNode;
}

/** A screen's top bar, in Ionic's Material Design look, without Ionic. */
export function Toolbar({ title, start, end }: ToolbarProps) {
  return (
    <header className="toolbar">
      {start}
      <h1 className="toolbar__title">{title}</h1>
      {end && <div className="toolbar__end">{end}</div>}
    </header>
  );
}

interface ToolbarButtonProps {
  /** Read out and shown as a tooltip: the button shows only its icon. */
  label: string;
  icon: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

export function ToolbarButton({ label, icon, onClick, disabled, testId }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className="toolbar__button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon src={icon} />
    </button>
  );
}
