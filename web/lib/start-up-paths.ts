/*
 * What start-up (web/main.tsx) needs to know about paths before any
 * screen's code has loaded.
 */

/** For server/plugins/web-static.ts, until it reads where the tabs are from the build. */
export { isTabsPath } from './paths.ts';

/** What the match list asks the API for. */
export const MATCHES_PATH = '/api/matches';
export const TEAMS_PATH = '/api/teams';

/**
 * The build's list of what a signed-in start on a tab loads (vite.config.ts), which the
 * server names in the page's `Link` header (server/plugins/web-static.ts).
 */
export const TAB_PRELOADS_FILE = 'tab-preloads.json';
