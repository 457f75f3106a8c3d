import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectApiClientToSession } from './features/auth/api.ts';
import { registerServiceWorker } from './features/favorites/notifications.ts';
import { queryClient } from './lib/query-client.ts';

connectApiClientToSession(queryClient);
// The dev server does not build /sw.js; reminders then only arrive while the app is open.
if (import.meta.env.PROD) registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// No <StrictMode>: its doubled effects in development would present every notice toast twice.
createRoot(rootElement).render(<App />);
