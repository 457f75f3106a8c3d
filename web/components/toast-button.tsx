import type { ReactNode } from 'react';
import { useToast } from '../lib/toast.ts';
import { Button } from './button.tsx';

interface ToastButtonProps {
  icon: string;
  testId: string;
  children: ReactNode;
  /** Does what the button does (copies, shares); says what a toast should tell once it is done (null: nothing to tell). */
  act: () => Promise<string | null>;
  /** The toast when it fails. */
  failed: string;
}

/** An outlined button that passes something on (a pool's invitation, a calendar's address) and tells in a toast how that went. */
export function ToastButton({ icon, testId, children, act, failed }: ToastButtonProps) {
  const showToast = useToast();
  const click = async () => {
    try {
      const done = await act();
      if (done !== null) showToast({ message: done, color: 'success' });
    } catch {
      showToast({ message: failed, color: 'danger' });
    }
  };
  return (
    <Button fill="outline" icon={icon} onClick={() => void click()} data-testid={testId}>
      {children}
    </Button>
  );
}
