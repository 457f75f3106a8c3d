import { hasStoredKeys, storedAccessTokenHint } from './features/auth/stored-keys.ts';
import { MATCHES_PATH, TEAMS_PATH } from './features/matches/paths.ts';
import { startEarlyGet } from './lib/early-requests.ts';
import { isMatchListPath, isTabsPath } from './lib/tabs-path.ts';

/*
 * Runs before the app's entry (index.html lists it first) and is tiny, so it
 * runs while the entry's own chunks are still downloading: a signed-in start
 * on a tab starts fetching the tabs, the contract and the match list's module
 * at once, instead of one round trip after the entry has arrived and run, and
 * on Inicio or Favoritos the match list itself, which the API client takes
 * over (web/lib/early-requests.ts). A signed-out start fetches nothing more.
 * A failure here is not the user's concern: the app imports the same modules
 * again and handles its own errors.
 */
const { pathname } = window.location;
if (hasStoredKeys() && isTabsPath(pathname)) {
  void import('./pages/tabs-layout.tsx').catch(() => {});
  void import('#contract/index').catch(() => {});
  const token = storedAccessTokenHint();
  if (isMatchListPath(pathname) && token !== null) {
    void import('./features/matches/api.ts').catch(() => {});
    startEarlyGet(MATCHES_PATH, `Bearer ${token}`);
    startEarlyGet(TEAMS_PATH, `Bearer ${token}`);
  }
}
