/*
 * Every route of the web app and every link into it, in one table: the spec's
 * route table (/login, /register, /tabs/home, /tabs/quinelas, /tabs/pool/{id},
 * /tabs/favorites, /tabs/admin) and the invitation link (/unirse/{code}).
 * web/app.tsx and web/pages/tabs-layout.tsx route with it, screens link with it,
 * and the build tells the server where the tabs are from it (vite.config.ts).
 * Nothing here may need the DOM: vite.config.ts imports it too.
 */

/** Everything under it needs a signed-in user. */
const TABS = '/tabs';

/** The tabs, each by its segment under /tabs: its first screen is /tabs/{segment}. */
export const TAB_SEGMENTS = ['home', 'quinelas', 'favorites', 'admin'] as const;
export type TabSegment = (typeof TAB_SEGMENTS)[number];

/** A pool's screen: in the tabs, reached from Quinelas. */
const POOL_SEGMENT = 'pool';
const INVITATION = '/unirse';

const tab = (segment: TabSegment) => `${TABS}/${segment}`;

/** Where each screen is, for links and redirects. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  tabs: TABS,
  tab,
  home: tab('home'),
  pools: tab('quinelas'),
  pool: (poolId: number) => `${TABS}/${POOL_SEGMENT}/${poolId}`,
  favorites: tab('favorites'),
  admin: tab('admin'),
  /** The link a pool's creator shares (absolute: `invitationLink` in web/features/pools/invitation.ts). */
  invitation: (code: number | string) => `${INVITATION}/${code}`,
} as const;

/** React Router's patterns for the same screens. */
export const routePatterns = {
  invitation: `${INVITATION}/:code`,
  tabs: `${TABS}/*`,
  /** Inside the tabs (web/pages/tabs-layout.tsx), relative to /tabs; each tab's first screen is its segment. */
  poolInTabs: `${POOL_SEGMENT}/:id`,
  /** Older addresses of Inicio and the admin area, sent on to the tabs. */
  oldHome: '/home',
  oldAdmin: '/admin',
} as const;

/** Whether `pathname` is in the tabs, which need a signed-in user. */
export const isTabsPath = (pathname: string) => pathname === TABS || pathname.startsWith(`${TABS}/`);

/** The tabs that show the match list. */
export const isMatchListPath = (pathname: string) => pathname === paths.home || pathname === paths.favorites;

/** Whether `pathname` is the invitation link. */
export const isInvitationPath = (pathname: string) => pathname.startsWith(`${INVITATION}/`);

/** The tab a /tabs path belongs to (a pool's screen is reached from Quinelas); null outside the tabs' screens. */
export function tabOf(pathname: string): TabSegment | null {
  if (!isTabsPath(pathname)) return null;
  const section = pathname.slice(TABS.length + 1).split('/')[0];
  if (section === POOL_SEGMENT) return 'quinelas';
  return TAB_SEGMENTS.find((segment) => segment === section) ?? null;
}
