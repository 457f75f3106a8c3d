/*
 * Every route of the web app and every link into it, in one table: the spec's
 * route table (/login, /register, /tabs/home, /tabs/quinelas, /tabs/pool/{id},
 * /tabs/favorites, /tabs/admin), the invitation link (/unirse/{code}) and the pages of the links the server mails
 * (contract/links.ts: a new password, an address confirmed, a reminder left).
 * web/app.tsx and web/pages/tabs-layout.tsx route with it, screens link with it,
 * and the build tells the server where the tabs are from it (vite.config.ts).
 * Nothing here may need the DOM: vite.config.ts imports it too.
 */

import { linkPaths } from '#contract/links';

/** In a tab's address, opens "Avisos" (the link a reminder mail gives to its settings). */
export const NOTIFICATION_SETTINGS_PARAM = 'avisos';

/** Everything under it needs a signed-in user. */
const TABS = '/tabs';

/** The tabs, each by its segment under /tabs: its first screen is /tabs/{segment}. */
export const TAB_SEGMENTS = ['home', 'quinelas', 'favorites', 'admin'] as const;
export type TabSegment = (typeof TAB_SEGMENTS)[number];

/** A pool's screen: in the tabs, reached from Quinelas. */
const POOL_SEGMENT = 'pool';
const LEAGUE_TABLE_SEGMENT = 'clasificacion';
const INVITATION = linkPaths.invitationPrefix;

const tab = (segment: TabSegment) => `${TABS}/${segment}`;

/** Where each screen is, for links and redirects. */
export const paths = {
  root: '/',
  login: linkPaths.signIn,
  register: linkPaths.register,
  /** "¿Olvidaste tu contraseña?", and the pages the links mailed open (their token in the fragment). */
  forgotPassword: linkPaths.forgotPassword,
  resetPassword: linkPaths.resetPassword,
  confirmEmail: linkPaths.confirmEmail,
  unsubscribe: linkPaths.unsubscribe,
  /** Inicio with "Avisos" open (a reminder mail's link to its settings). */
  notificationSettings: linkPaths.notificationSettings,
  tabs: TABS,
  tab,
  home: tab('home'),
  pools: tab('quinelas'),
  pool: (poolId: number) => `${TABS}/${POOL_SEGMENT}/${poolId}`,
  /** A league's table ("Clasificación de LaLiga"), reached from Inicio's competition filter: in Inicio's tab. */
  leagueTable: (competition: string) => `${tab('home')}/${LEAGUE_TABLE_SEGMENT}/${encodeURIComponent(competition)}`,
  favorites: tab('favorites'),
  admin: tab('admin'),
  /** `npm run demo`'s way in: an account of one's own in the demo's pool (web/pages/demo-page.tsx). */
  demo: '/demo',
  /** The link a pool's creator shares (absolute: `invitationLink` in web/features/pools/invitation.ts). */
  invitation: linkPaths.invitation,
} as const;

/** React Router's patterns for the same screens. */
export const routePatterns = {
  invitation: `${INVITATION}/:code`,
  tabs: `${TABS}/*`,
  /** Inside the tabs (web/pages/tabs-layout.tsx), relative to /tabs; each tab's first screen is its segment. */
  poolInTabs: `${POOL_SEGMENT}/:id`,
  leagueTableInTabs: `home/${LEAGUE_TABLE_SEGMENT}/:competition`,
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
