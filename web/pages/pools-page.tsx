import { add, enterOutline } from 'ionicons/icons';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { comingFrom } from '../components/back-button.tsx';
import { Button } from '../components/button.tsx';
import { Fab } from '../components/fab.tsx';
import { OpenedOnce } from '../components/opened-once.tsx';
import { SegmentedControl, type SegmentChoice } from '../components/segmented-control.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { AccountButtons } from './account-buttons.tsx';
import { useStoredAccount } from '../lib/session.ts';
import { forgetPendingInvitation, pendingInvitation } from '../features/pools/invitation.ts';
import { PoolList, type PoolListKind } from '../features/pools/pool-list.tsx';
import { PoolNotices } from '../features/pools/pool-notices.tsx';
import { paths } from '../lib/paths.ts';
import { useTabIsShown } from './tab-visibility.ts';
import './pools-page.css';

// The two dialogs (Ionic's forms) load on their first opening: Mis Quinelas itself loads no Ionic (issue 38).
const CreatePoolModal = lazy(() =>
  import('../features/pools/create-pool-modal.tsx').then((module) => ({ default: module.CreatePoolModal })),
);
const JoinPoolModal = lazy(() =>
  import('../features/pools/join-pool-modal.tsx').then((module) => ({ default: module.JoinPoolModal })),
);

const POOL_LISTS: SegmentChoice<PoolListKind>[] = [
  { value: 'joined', label: 'Unidas' },
  { value: 'owned', label: 'Creadas' },
];

/** "Mis Quinelas" (the spec's Quinelas screen): joined and owned pools, the join dialog and the create modal. */
export function PoolsPage() {
  const account = useStoredAccount();
  const [segment, setSegment] = useState<PoolListKind>('joined');
  const [creating, setCreating] = useState(false);
  const [joinCode, setJoinCode] = useState<string | null>(null);
  const navigate = useNavigate();

  // An invitation link lands here (also after signing in): the dialog opens with its code until it closes.
  const invitedCode = useTabIsShown() ? pendingInvitation() : null;
  const dialogCode = joinCode ?? invitedCode;
  // Whoever follows a link came for that pool: once joined, it opens (a code typed in stays on the list).
  const joiningByLink = joinCode === null && invitedCode !== null;
  const openPool = (poolId: number) => void navigate(paths.pool(poolId), { state: comingFrom(paths.pools) });
  const closeJoinDialog = () => {
    forgetPendingInvitation();
    setJoinCode(null);
  };

  const userId = account.status === 'signed-in' ? account.userProfile.id : null;
  return (
    <TabPage
      title="Mis Quinelas"
      end={<AccountButtons />}
      fixed={
        userId !== null && (
          <Fab
            icon={add}
            aria-label="Crear Nueva Quiniela"
            title="Crear Nueva Quiniela"
            onClick={() => setCreating(true)}
            data-testid="open-create"
          />
        )
      }
    >
      {userId !== null && (
        <>
          <PoolNotices />
          <div className="pools-page__actions">
            <Button block icon={enterOutline} onClick={() => setJoinCode('')} data-testid="open-join">
              Unirse a una Quiniela
            </Button>
            <SegmentedControl
              value={segment}
              choices={POOL_LISTS}
              onValueChange={setSegment}
              aria-label="Mis quinielas"
            />
          </div>
          <PoolList kind={segment} userId={userId} />
          <OpenedOnce open={creating}>
            <CreatePoolModal
              isOpen={creating}
              creatorId={userId}
              onClose={() => setCreating(false)}
              onCreated={() => {
                setCreating(false);
                setSegment('owned');
              }}
            />
          </OpenedOnce>
          <OpenedOnce open={dialogCode !== null}>
            <JoinPoolModal
              isOpen={dialogCode !== null}
              userId={userId}
              initialCode={dialogCode ?? ''}
              fromInvitation={joiningByLink}
              onClose={closeJoinDialog}
              onJoined={(pool) => {
                closeJoinDialog();
                setSegment('joined');
                if (joiningByLink) openPool(pool.id);
              }}
              onOpenPool={(poolId) => {
                closeJoinDialog();
                openPool(poolId);
              }}
            />
          </OpenedOnce>
        </>
      )}
    </TabPage>
  );
}
