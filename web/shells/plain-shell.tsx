import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { JoinPage } from '../pages/join-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { RegisterPage } from '../pages/register-page.tsx';
import { useRouteEffects } from './route-effects.ts';

/*
 * Nothing reachable from here may import '@ionic/react': the first-load budget
 * of /login (tests/support/first-load.ts) holds this shell to plain React.
 */

function PlainRoutes({ onNavigate }: { onNavigate: (pathname: string) => void }) {
  const auth = useRouteEffects(onNavigate);
  const signedIn = auth.status === 'signed-in';
  const toLogin = <Navigate to="/login" replace />;
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/unirse/:code" element={<JoinPage />} />
      {/* Signed in, the Ionic shell takes over this path; signed out, the guard explains the redirect. */}
      <Route path="/tabs/*" element={signedIn ? null : toLogin} />
      <Route path="/home" element={<Navigate to="/tabs/home" replace />} />
      {/* The admin area lives in the tab shell (lazy-loaded there, see tabs-layout.tsx). */}
      <Route path="/admin" element={<Navigate to="/tabs/admin" replace />} />
      <Route path="/" element={toLogin} />
      <Route path="*" element={<Navigate to={signedIn ? '/tabs/home' : '/login'} replace />} />
    </Routes>
  );
}

/** The screens around the tabs (spec §2's route table, plus the invitation link), without Ionic. */
export function PlainShell({ onNavigate }: { onNavigate: (pathname: string) => void }) {
  return (
    <div className="plain-app">
      <ConnectionBanner />
      <div className="plain-outlet">
        <BrowserRouter>
          <PlainRoutes onNavigate={onNavigate} />
        </BrowserRouter>
      </div>
    </div>
  );
}
