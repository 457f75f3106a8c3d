import { IonApp, IonPage, IonRouterOutlet, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { messages } from '#contract/messages';
import { AppStatus } from './components/app-status.tsx';
import { useSessionGuard } from './features/auth/session-guard.ts';
import type { SessionGuardRules } from './features/auth/session-guard.ts';
import { useResumeInvitation } from './features/pools/invitation.ts';
import { queryClient } from './lib/query-client.ts';
import { JoinPage } from './pages/join-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { RegisterPage } from './pages/register-page.tsx';

/* Ionic's core CSS, then the optional utilities the screens use, then the theme. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import './theme/variables.css';

setupIonicReact();

// Route-level code splitting: the sign-in screens load without the tab screens' code.
export const loadTabsLayout = () => import('./pages/tabs-layout.tsx');
const TabsLayout = lazy(() => loadTabsLayout().then((m) => ({ default: m.TabsLayout })));
const signedInShell = (
  <Suspense fallback={<IonPage />}>
    <TabsLayout />
  </Suspense>
);

const sessionGuardRules: SessionGuardRules = {
  isProtected: (pathname) => pathname.startsWith('/tabs'),
  signedOutNotice: (pathname) => (pathname.startsWith('/tabs/quinelas') ? messages.mustSignInForPools : null),
};

/** The route table of spec §2, plus the invitation link. */
function AppRoutes() {
  const { pathname } = useLocation();
  const auth = useSessionGuard(pathname, sessionGuardRules);
  useResumeInvitation(pathname, auth.status === 'signed-in');
  const toLogin = <Navigate to="/login" replace />;

  return (
    <IonRouterOutlet>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/unirse/:code" element={<JoinPage />} />
      <Route path="/tabs/*" element={auth.status === 'signed-in' ? signedInShell : toLogin} />
      <Route path="/home" element={<Navigate to="/tabs/home" replace />} />
      {/* The admin area lives in the tab shell (lazy-loaded there, see tabs-layout.tsx). */}
      <Route path="/admin" element={<Navigate to="/tabs/admin" replace />} />
      <Route path="/" element={toLogin} />
      <Route path="*" element={<Navigate to={auth.status === 'signed-in' ? '/tabs/home' : '/login'} replace />} />
    </IonRouterOutlet>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <AppStatus />
        <IonReactRouter>
          <AppRoutes />
        </IonReactRouter>
      </IonApp>
    </QueryClientProvider>
  );
}
