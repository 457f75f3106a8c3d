import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '#contract/messages';
import { useSessionGuard } from '../features/auth/session-guard.ts';
import type { SessionGuardRules } from '../features/auth/session-guard.ts';
import type { StoredAuth } from '../features/auth/session.ts';
import { isTabsPath } from './shell-choice.ts';

const sessionGuardRules: SessionGuardRules = {
  isProtected: isTabsPath,
  signedOutNotice: (pathname) => (pathname.startsWith('/tabs/quinelas') ? messages.mustSignInForPools : null),
};

/**
 * What both shells' routers do on every navigation: guard the protected
 * screens (spec §6) and tell the app where they are, so it can hand over to
 * the other shell. Returns the stored auth for the route table.
 */
export function useRouteEffects(onNavigate: (pathname: string) => void): StoredAuth {
  const { pathname } = useLocation();
  const auth = useSessionGuard(pathname, sessionGuardRules);
  useEffect(() => onNavigate(pathname), [onNavigate, pathname]);
  return auth;
}
