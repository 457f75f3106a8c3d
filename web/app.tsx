import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Toaster } from './components/toaster.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { useStoredAuth } from './features/auth/session.ts';
import { queryClient } from './lib/query-client.ts';
import { PlainShell } from './shells/plain-shell.tsx';
import { nextShell } from './shells/shell-choice.ts';
import type { Shell } from './shells/shell-choice.ts';

/* Ionic's core CSS, then the optional utilities the screens use, then the theme. The plain shell uses its tokens too. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import './theme/variables.css';

// Route-level code splitting: the sign-in screens load without Ionic or the tab screens' code.
export const loadIonicShell = () => import('./shells/ionic-shell.tsx');
const IonicShell = lazy(() => loadIonicShell().then((module) => ({ default: module.IonicShell })));

/**
 * Renders the shell the current path needs (web/shells/shell-choice.ts). Each
 * shell has its own router on the same browser history; the one showing
 * reports every navigation, and a path that belongs to the other shell
 * mounts that one, which reads the path from the address bar. The toast and
 * the update prompt live above both, so a notice (or a postponed update) survives the handover.
 */
export function App() {
  const auth = useStoredAuth();
  const [pathname, setPathname] = useState(() => window.location.pathname);
  const [shell, setShell] = useState<Shell>('plain');
  const wanted = nextShell(shell, pathname, auth.status === 'signed-in');
  // Derived during render (React's "adjusting state when a prop changes"): no frame shows the wrong shell.
  if (wanted !== shell) setShell(wanted);

  return (
    <QueryClientProvider client={queryClient}>
      {wanted === 'ionic' ? (
        <Suspense fallback={<div className="plain-outlet" />}>
          <IonicShell onNavigate={setPathname} />
        </Suspense>
      ) : (
        <PlainShell onNavigate={setPathname} />
      )}
      <UpdatePrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
