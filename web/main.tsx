import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiClientToSession } from './features/auth/api.ts';
import { prepareStoredAuth } from './features/auth/session.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

connectApiClientToSession(queryClient);
// The dev server does not build /sw.js: no offline app shell there, and reminders only arrive while the app is open.
if (import.meta.env.PROD) void registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

await prepareStoredAuth();
// No <StrictMode>: its doubled effects in development would present every notice toast twice.
createRoot(rootElement).render(<App />);
