import { footballOutline, heartOutline, settingsOutline, trophyOutline } from 'ionicons/icons';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { Icon } from '../components/icon.tsx';
import { useStoredAccount } from '../lib/session.ts';
import { paths, routePatterns, tabOf, TAB_SEGMENTS } from '../lib/paths.ts';
import type { TabSegment } from '../lib/paths.ts';
import { HomePage } from './home-page.tsx';
import { TabVisibility } from './tab-visibility.ts';
import './tabs-layout.css';

/** For web/main.tsx, which prefetches Inicio's data through this module: it loads with the tabs, no chunk apart. */
export { prefetchMatchList } from '../features/matches/api.ts';

/*
 * Inicio comes with the tabs; every other screen is its own chunk, fetched
 * when it is first opened (or ahead of time by the service worker), so a cold
 * start on Inicio downloads only what Inicio shows. Ionic's components arrive
 * with the screens that use them. The admin area is only ever fetched by admins.
 */
const PoolsPage = lazy(() => import('./pools-page.tsx').then((module) => ({ default: module.PoolsPage })));
const PoolDetailPage = lazy(() =>
  import('./pool-detail-page.tsx').then((module) => ({ default: module.PoolDetailPage })),
);
const FavoritesPage = lazy(() => import('./favorites-page.tsx').then((module) => ({ default: module.FavoritesPage })));
const AdminPage = lazy(() => import('./admin-page.tsx').then((module) => ({ default: module.AdminPage })));
const LeagueTablePage = lazy(() =>
  import('./league-table-page.tsx').then((module) => ({ default: module.LeagueTablePage })),
);

/** A lazy screen; an empty page holds its place while its chunk arrives. */
const whenLoaded = (page: ReactNode) => <Suspense fallback={<div className="tab-page" />}>{page}</Suspense>;

/** The tab bar's buttons, by tab (each tab is named by its segment under /tabs). */
const TAB_BUTTONS: Record<TabSegment, { label: string; icon: string }> = {
  home: { label: 'Inicio', icon: footballOutline },
  quinelas: { label: 'Quinelas', icon: trophyOutline },
  favorites: { label: 'Favoritos', icon: heartOutline },
  admin: { label: 'Administración', icon: settingsOutline },
};

/**
 * The tab shell mounted at /tabs/*. Like Ionic's tabs, every visited tab keeps
 * its screens mounted (hidden while another tab shows), so coming back finds
 * them as they were left: same screen, same scroll, same segment. A tab's
 * first screen, once shown, also stays under a deeper one (a pool over the
 * pools list), so going back to it finds it as it was; a deeper screen opened
 * first (a pool's link) does not load the first one until it is asked for
 * (issue 38). A tab's button leads back to where that tab was left, or to its
 * first screen when it is already showing.
 */
export function TabsLayout() {
  const location = useLocation() as Location<unknown>;
  const account = useStoredAccount();
  const isAdmin = account.status === 'signed-in' && account.userProfile.role === 'admin';
  const active = tabOf(location.pathname);
  const [visited, setVisited] = useState<Partial<Record<TabSegment, Location<unknown>>>>({});
  // Derived during render (React's "adjusting state when a prop changes"), so the tab shows at once.
  if (active && visited[active] !== location) setVisited({ ...visited, [active]: location });
  const [firstShown, setFirstShown] = useState<ReadonlySet<TabSegment>>(new Set());
  if (active && location.pathname === paths.tab(active) && !firstShown.has(active)) {
    setFirstShown(new Set([...firstShown, active]));
  }

  if (!active) return <Navigate to={paths.home} replace />;
  const shown: Partial<Record<TabSegment, Location<unknown>>> = { ...visited, [active]: location };

  return (
    <div className="tabs-layout">
      <div className="tabs-layout__screens">
        {TAB_SEGMENTS.map((name) => {
          const left = shown[name];
          if (!left) return null;
          const deeper = left.pathname !== paths.tab(name);
          return (
            <section key={name} className="tabs-layout__tab" hidden={name !== active}>
              {(!deeper || firstShown.has(name)) && (
                <div hidden={deeper}>
                  <TabVisibility.Provider value={name === active && !deeper}>
                    <TabScreens location={deeper ? firstScreenOf(name) : left} />
                  </TabVisibility.Provider>
                </div>
              )}
              {deeper && (
                <TabVisibility.Provider value={name === active}>
                  <TabScreens location={left} />
                </TabVisibility.Provider>
              )}
            </section>
          );
        })}
      </div>
      <nav className="tab-bar" aria-label="Secciones" data-testid="tab-bar">
        {TAB_SEGMENTS.filter((name) => name !== 'admin' || isAdmin).map((name) => {
          const { label, icon } = TAB_BUTTONS[name];
          const left = name === active ? undefined : shown[name];
          return (
            <Link
              key={name}
              className="tab-bar__button"
              to={left ? left.pathname + left.search : paths.tab(name)}
              aria-current={name === active ? 'page' : undefined}
              data-testid={`tab-${name}`}
            >
              <Icon src={icon} />
              <span className="tab-bar__label">{label}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}

/** Where a tab's first screen is drawn from while a deeper screen covers it. */
const firstScreenOf = (tab: TabSegment): Location<unknown> => ({
  pathname: paths.tab(tab),
  search: '',
  hash: '',
  state: null,
  key: tab,
});

/** Each tab's first screen. */
const firstScreens: Record<TabSegment, () => ReactNode> = {
  home: () => <HomePage />,
  quinelas: () => whenLoaded(<PoolsPage />),
  favorites: () => whenLoaded(<FavoritesPage />),
  // Open to every signed-in user: non-admins see "No autorizado" there.
  admin: () => whenLoaded(<AdminPage />),
};

/** One tab's screens, at the location that tab was left on. Paths are relative to /tabs. */
function TabScreens({ location }: { location: Location<unknown> }) {
  return (
    <Routes location={location}>
      {TAB_SEGMENTS.map((name) => (
        <Route key={name} path={name} element={firstScreens[name]()} />
      ))}
      <Route path={routePatterns.poolInTabs} element={whenLoaded(<PoolDetailPage />)} />
      <Route path={routePatterns.leagueTableInTabs} element={whenLoaded(<LeagueTablePage />)} />
    </Routes>
  );
}
