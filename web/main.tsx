import { createRoot } from 'react-dom/client';
import { App, isTabsPath, loadTabs } from './app.tsx';
import { connectApiClientToSession } from './features/auth/api.ts';
import { hasStoredKeys, prepareStoredAuth } from './features/auth/session.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

connectApiClientToSession(queryClient);
// The dev server does not build /sw.js: no offline app shell there, and reminders only arrive while the app is open.
if (import.meta.env.PROD) void registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const { pathname } = window.location;
const resumesTabs = hasStoredKeys() && isTabsPath(pathname);
// Fetch the tabs while the contract loads, not after the first render asks for them. A failure
// here is not the user's concern: the lazy import runs again and handles its own errors.
if (resumesTabs) loadTabs().catch(() => {});
await prepareStoredAuth();
// Inicio and Favoritos show the match list: ask for it now, while the tabs are still on their way.
// The screens' own queries take over these requests (same query keys).
if (resumesTabs && (pathname === '/tabs/home' || pathname === '/tabs/favorites')) {
  void import('./features/matches/api.ts')
    .then(({ matchQueries }) =>
      Promise.all([queryClient.prefetchQuery(matchQueries.all()), queryClient.prefetchQuery(matchQueries.teams())]),
    )
    .catch(() => {});
}
// No <StrictMode>: its doubled effects in development would present every notice toast twice.
createRoot(rootElement).render(<App />);
