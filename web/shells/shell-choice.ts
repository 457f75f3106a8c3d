/**
 * Which shell renders the app. The plain shell (sign-in, registration, the
 * invitation link, the redirects) loads no Ionic code, so a first visit is
 * light; the Ionic shell holds the tab screens and is loaded when a signed-in
 * user enters them.
 */
export type Shell = 'plain' | 'ionic';

export const isTabsPath = (pathname: string) => pathname === '/tabs' || pathname.startsWith('/tabs/');

/**
 * The shell for `pathname`. A signed-out visitor of the tabs stays on the
 * plain shell, which sends them to sign in. The Ionic shell, once up, keeps
 * the tabs even when the session ends there: its own route leaves for /login,
 * so ending a session never reads as a signed-out visit to a protected screen.
 */
export function nextShell(current: Shell, pathname: string, signedIn: boolean): Shell {
  if (!isTabsPath(pathname)) return 'plain';
  return current === 'ionic' || signedIn ? 'ionic' : 'plain';
}
