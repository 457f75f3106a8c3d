import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiClientToSession } from './features/accounts/api.ts';
import { prepareStoredAccount } from './lib/session.ts';
import { hasStoredKeys, storedAccessTokenHint } from './lib/stored-keys.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { isMatchListPath, isTabsPath } from './lib/paths.ts';

connectApiClientToSession(queryClient);
// The dev server does not build /sw.js: no offline app shell there, and reminders only arrive while the app is open.
if (import.meta.env.PROD) void registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/*
 * A signed-in start on a tab: the tabs' chunks and the contract (prepareStoredAccount) are asked for now,
 * at once, instead of one after the other as each step needs the last; on Inicio or Favoritos the match list
 * was asked for earlier still, by index.html's inline script (web/boot.ts), and the screens' queries take
 * over this prefetch (same keys), which takes over that request. A failure here is not the user's concern:
 * the app asks again and handles its own errors.
 */
const { pathname } = window.location;
const resumesTabs = hasStoredKeys() && isTabsPath(pathname);
// The match list's prefetch comes through the tabs' module: a chunk of its own would be one more request.
const tabs = resumesTabs ? import('./pages/tabs-layout.tsx') : null;
const showsMatchList = resumesTabs && isMatchListPath(pathname) && storedAccessTokenHint() !== null;
// Not a top-level await: this module runs in the `start-up` chunk (vite.config.ts), which the tabs' chunks
// import, and a chunk that waited for them to load would wait for itself.
void prepareStoredAccount().then(() => {
  void tabs
    ?.then(({ prefetchMatchList }) => (showsMatchList ? prefetchMatchList(queryClient) : undefined))
    .catch(() => {});
  // No <StrictMode>: its doubled effects in development would present every notice toast twice.
  createRoot(rootElement).render(<App />);
});
