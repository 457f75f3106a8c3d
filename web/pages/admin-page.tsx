import '../ionic/setup.ts';
import { useQuery } from '@tanstack/react-query';
import { lockClosedOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { roleMessages } from '#contract/roles';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { Icon } from '../components/icon.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { AdminMatches } from '../features/matches/admin/admin-matches.tsx';
import { AdminTeams } from '../features/teams/admin/admin-teams.tsx';
import { accountAdminQueries } from '../features/accounts/admin/api.ts';
import { AdminUsers } from '../features/accounts/admin/admin-users.tsx';
import { MailStatusLine } from '../features/mail/admin/mail-status.tsx';
import { ImportResults } from '../features/results/admin/import-results.tsx';
import { ResultsSourceCard } from '../features/results/admin/results-source.tsx';
import { AccountButtons } from './account-buttons.tsx';
import { useStoredAccount } from '../lib/session.ts';
import { SegmentedControl } from '../components/segmented-control.tsx';
import type { SegmentChoice } from '../components/segmented-control.tsx';
import '../components/screen-state.css';
import './admin-page.css';

type Section = 'matches' | 'import' | 'users' | 'teams';
const SECTIONS: SegmentChoice<Section>[] = [
  { value: 'matches', label: 'Partidos', testId: 'admin-section-matches' },
  { value: 'import', label: 'Importar', testId: 'admin-section-import' },
  { value: 'users', label: 'Usuarios', testId: 'admin-section-users' },
  { value: 'teams', label: 'Equipos', testId: 'admin-section-teams' },
];

/**
 * /tabs/admin (and /admin): run the competition. Loaded on demand, so it costs
 * nothing to anyone else. The stored profile decides at once; the server's view of
 * the account decides next (a role may have changed since sign-in); the API refuses
 * non-admins whatever this screen shows.
 */
export function AdminPage() {
  const account = useStoredAccount();
  const storedAdmin = account.status === 'signed-in' && account.userProfile.role === 'admin';
  const profile = useQuery({ ...accountAdminQueries.profile(), enabled: storedAdmin });
  const [section, setSection] = useState<Section>('matches');

  let body: ReactNode;
  if (account.status !== 'signed-in' || !storedAdmin) body = <NotAuthorized />;
  else if (profile.isPending) body = <LoadingState text="Comprobando permisos..." />;
  else if (profile.isError)
    body = <ErrorState text="No se pudieron comprobar tus permisos." error={profile.error} onRetry={profile.refetch} />;
  else if (profile.data.role !== 'admin') body = <NotAuthorized />;
  else {
    body = (
      <>
        <SegmentedControl
          className="admin__segment"
          value={section}
          choices={SECTIONS}
          onValueChange={setSection}
          aria-label="Secciones de administración"
        />
        {section === 'matches' && <AdminMatches />}
        {section === 'import' && (
          <>
            <ResultsSourceCard />
            <ImportResults />
          </>
        )}
        {section === 'users' && (
          <>
            <MailStatusLine />
            <AdminUsers selfId={account.userProfile.id} />
          </>
        )}
        {section === 'teams' && <AdminTeams />}
      </>
    );
  }

  // Signing out is offered here as on every other tab.
  return (
    <TabPage title="Administración" end={<AccountButtons />}>
      {body}
    </TabPage>
  );
}

/** What a non-admin sees here. The API refuses them anyway; this says so plainly. */
function NotAuthorized() {
  return (
    <div className="screen-state" data-testid="admin-not-authorized">
      <Icon src={lockClosedOutline} />
      <h2 className="admin__denied-title">{roleMessages.notAuthorizedTitle}</h2>
      <p>{roleMessages.notAuthorizedText}</p>
    </div>
  );
}
