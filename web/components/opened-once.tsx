import { Suspense, useState, type ReactNode } from 'react';

/**
 * What a dialog loaded lazily renders: nothing until it first opens, then its dialog for good, so its code arrives
 * on the first tap and closing it can still animate. `children` holds the lazy dialog.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Adjusted during render (React's "adjusting state when a prop changes"): the dialog mounts open at once.
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
