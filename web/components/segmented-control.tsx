import { useRef, type KeyboardEvent } from 'react';
import './segmented-control.css';

export interface SegmentChoice<Value extends string> {
  value: Value;
  label: string;
  testId?: string;
}

interface SegmentedControlProps<Value extends string> {
  value: Value;
  choices: readonly SegmentChoice<Value>[];
  onValueChange: (value: Value) => void;
  className?: string;
  'aria-label': string;
}

/**
 * A row of tabs that picks which section a screen shows, drawn as Ionic's Material segment but plain buttons, so
 * the screens that open first (a pool's Predecir, Mis Quinelas) load no Ionic at all (issue 38). Every label is read
 * whole: the buttons share the row by the length of their labels and wrap onto another row when they do not fit (a
 * narrow phone, five sections, large text), never cut short nor scrolled sideways. Keyboard as the ARIA tabs
 * pattern: one tab stop, the arrows (and Home/End) move between the choices and choose.
 */
export function SegmentedControl<Value extends string>(props: SegmentedControlProps<Value>) {
  const { value, choices, onValueChange, className } = props;
  const row = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const choice = choices[(index + choices.length) % choices.length];
    if (!choice) return;
    onValueChange(choice.value);
    row.current?.querySelector<HTMLButtonElement>(`[data-value="${choice.value}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = choices.findIndex((choice) => choice.value === value);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) choose(at + step);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(choices.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div
      ref={row}
      role="tablist"
      aria-label={props['aria-label']}
      className={`segmented-control${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => {
        const chosen = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            role="tab"
            aria-selected={chosen}
            tabIndex={chosen ? 0 : -1}
            className="segmented-control__choice"
            data-value={choice.value}
            data-testid={choice.testId}
            onClick={() => onValueChange(choice.value)}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
