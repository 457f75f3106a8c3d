/** Whether `pathname` is in the tabs (spec §2's /tabs routes), which need a signed-in user. */
export const isTabsPath = (pathname: string) => pathname === '/tabs' || pathname.startsWith('/tabs/');

/** The tabs that show the match list. */
export const isMatchListPath = (pathname: string) => pathname === '/tabs/home' || pathname === '/tabs/favorites';
