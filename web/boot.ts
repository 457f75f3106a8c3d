/*
 * Runs inline in index.html's head (vite.config.ts, `inlineBoot`), while the page is still being parsed and before
 * any of the app's scripts has downloaded: on a signed-in start on Inicio or Favoritos it asks for the match list
 * at once, instead of after the start-up chunk has arrived and run (on a slow phone network, most of a second
 * before the first card). The app takes the answers over (web/lib/early-requests.ts). The server allows this
 * one inline script by its hash (server/plugins/web-static.ts, `inlineScriptHashes`). No preload can do this:
 * the request carries the stored bearer token.
 */
import { storedAccessTokenHint } from './lib/stored-keys.ts';
import { startEarlyGet } from './lib/early-requests.ts';
import { isMatchListPath } from './lib/paths.ts';
import { MATCHES_PATH, TEAMS_PATH } from './lib/start-up-paths.ts';

const token = isMatchListPath(location.pathname) ? storedAccessTokenHint() : null;
if (token !== null) {
  startEarlyGet(MATCHES_PATH, `Bearer ${token}`);
  startEarlyGet(TEAMS_PATH, `Bearer ${token}`);
}
