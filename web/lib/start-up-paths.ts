/*
 * What start-up (web/main.tsx) needs to know about paths before any
 * screen's code has loaded.
 */

/** Whether `pathname` is in the tabs (the spec's /tabs routes), which need a signed-in user. */
export const isTabsPath = (pathname: string) => pathname === '/tabs' || pathname.startsWith('/tabs/');

/** The tabs that show the match list. */
export const isMatchListPath = (pathname: string) => pathname === '/tabs/home' || pathname === '/tabs/favorites';

/** What the match list asks the API for. */
export const MATCHES_PATH = '/api/matches';
export const TEAMS_PATH = '/api/teams';

/**
 * The build's list of what a signed-in start on a tab loads (vite.config.ts), which the
 * server names in the page's `Link` header (server/plugins/web-static.ts).
 */
export const TAB_PRELOADS_FILE = 'tab-preloads.json';
