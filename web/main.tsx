import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiClientToSession } from './features/auth/api.ts';
import { prepareStoredAuth } from './features/auth/session.ts';
import { hasStoredKeys } from './features/auth/stored-keys.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { isMatchListPath } from './lib/tabs-path.ts';

connectApiClientToSession(queryClient);
// The dev server does not build /sw.js: no offline app shell there, and reminders only arrive while the app is open.
if (import.meta.env.PROD) void registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

await prepareStoredAuth();
// Inicio and Favoritos show the match list: ask for it as soon as the session is ready, while the tabs may still
// be on their way (web/boot.ts started fetching both). The screens' own queries take over these requests (same keys).
if (hasStoredKeys() && isMatchListPath(window.location.pathname)) {
  void import('./features/matches/api.ts')
    .then(({ matchQueries }) =>
      Promise.all([queryClient.prefetchQuery(matchQueries.all()), queryClient.prefetchQuery(matchQueries.teams())]),
    )
    .catch(() => {});
}
// No <StrictMode>: its doubled effects in development would present every notice toast twice.
createRoot(rootElement).render(<App />);
