import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { messages } from '#contract/messages';
import { ConnectionBanner } from './components/connection-banner.tsx';
import { Toaster } from './components/toaster.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { useSessionGuard } from './features/accounts/session-guard.ts';
import type { SessionGuardRules } from './features/accounts/session-guard.ts';
import { useResumeInvitation } from './features/pools/invitation.ts';
import { JoinPage } from './pages/join-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { RegisterPage } from './pages/register-page.tsx';
import { isTabsPath, paths, routePatterns } from './lib/paths.ts';
import { queryClient } from './lib/query-client.ts';

/* Ionic's core CSS (the page's base, and what the lazy screens' Ionic components need), then the theme. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './theme/variables.css';
import './app.css';

/*
 * Route-level code splitting: the sign-in screens come with the entry, the
 * tabs (with Inicio) are one chunk, and each other tab screen is its own
 * (web/pages/tabs-layout.tsx); web/main.tsx fetches the tabs early on a signed-in start. Nothing the entry imports may import
 * '@ionic/react': the first-load budgets (tests/support/first-load.ts) hold.
 */
const TabsLayout = lazy(() => import('./pages/tabs-layout.tsx').then((module) => ({ default: module.TabsLayout })));
const DemoPage = lazy(() => import('./pages/demo-page.tsx').then((module) => ({ default: module.DemoPage })));
// The pages of the links the server mails, and asking for one: seldom opened, so none weighs on a first load.
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page.tsx').then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page.tsx').then((module) => ({ default: module.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => import('./pages/confirm-email-page.tsx').then((module) => ({ default: module.ConfirmEmailPage })));
const UnsubscribePage = lazy(() => import('./pages/unsubscribe-page.tsx').then((module) => ({ default: module.UnsubscribePage })));
const lazyPage = (page: ReactNode) => <Suspense fallback={<div className="plain-screen" />}>{page}</Suspense>;

const sessionGuardRules: SessionGuardRules = {
  isProtected: isTabsPath,
  signedOutNotice: (pathname) => (pathname.startsWith(paths.pools) ? messages.mustSignInForPools : null),
};

/** The spec's route table, plus the invitation link; the tabs guarded by the session (the spec's permissions). */
function AppRoutes() {
  const { pathname } = useLocation();
  const account = useSessionGuard(pathname, sessionGuardRules);
  const signedIn = account.status === 'signed-in';
  useResumeInvitation(signedIn);
  const toLogin = <Navigate to={paths.login} replace />;
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.register} element={<RegisterPage />} />
      <Route path={routePatterns.invitation} element={<JoinPage />} />
      <Route
        path={paths.demo}
        element={
          <Suspense fallback={<div className="plain-screen" />}>
            <DemoPage />
          </Suspense>
        }
      />
      <Route path={paths.forgotPassword} element={lazyPage(<ForgotPasswordPage />)} />
      <Route path={paths.resetPassword} element={lazyPage(<ResetPasswordPage />)} />
      <Route path={paths.confirmEmail} element={lazyPage(<ConfirmEmailPage />)} />
      <Route path={paths.unsubscribe} element={lazyPage(<UnsubscribePage />)} />
      <Route
        path={routePatterns.tabs}
        element={
          signedIn ? (
            <Suspense fallback={<div className="tab-page" />}>
              <TabsLayout />
            </Suspense>
          ) : (
            toLogin
          )
        }
      />
      <Route path={routePatterns.oldHome} element={<Navigate to={paths.home} replace />} />
      {/* The admin area lives in the tabs (lazy-loaded there, see tabs-layout.tsx). */}
      <Route path={routePatterns.oldAdmin} element={<Navigate to={paths.admin} replace />} />
      <Route path={paths.root} element={toLogin} />
      <Route path="*" element={<Navigate to={signedIn ? paths.home : paths.login} replace />} />
    </Routes>
  );
}

/** The toast and the update prompt sit above the routes, so a notice survives a change of screen. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionBanner />
      {/* Ionic's overlays hide the element with this id from assistive technology while a dialog is open. */}
      <div className="app-outlet" id="ion-view-container-root">
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </div>
      <UpdatePrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
