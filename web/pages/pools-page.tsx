import '../ionic/setup.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { add, enterOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { comingFrom } from '../components/back-button.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { AccountButtons } from '../features/accounts/account-buttons.tsx';
import { useStoredAccount } from '../features/accounts/session.ts';
import { CreatePoolModal } from '../features/pools/create-pool-modal.tsx';
import { forgetPendingInvitation, pendingInvitation } from '../features/pools/invitation.ts';
import { JoinPoolModal } from '../features/pools/join-pool-modal.tsx';
import { PoolList } from '../features/pools/pool-list.tsx';
import { PoolNotices } from '../features/pools/pool-notices.tsx';
import type { PoolListKind } from '../features/pools/pool-list.tsx';
import { IonFab, IonFabButton } from '../ionic/fab.ts';
import { SegmentedControl } from '../ionic/segmented-control.tsx';
import type { SegmentChoice } from '../ionic/segmented-control.tsx';
import { paths } from '../lib/paths.ts';
import { useTabIsShown } from './tab-visibility.ts';
import './pools-page.css';

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
          <IonFab vertical="bottom" horizontal="end">
            <IonFabButton
              aria-label="Crear Nueva Quiniela"
              title="Crear Nueva Quiniela"
              onClick={() => setCreating(true)}
              data-testid="open-create"
            >
              <IonIcon icon={add} aria-hidden="true" />
            </IonFabButton>
          </IonFab>
        )
      }
    >
      {userId !== null && (
        <>
          <PoolNotices />
          <div className="pools-page__actions">
            <IonButton expand="block" onClick={() => setJoinCode('')} data-testid="open-join">
              <IonIcon slot="start" icon={enterOutline} aria-hidden="true" />
              Unirse a una Quiniela
            </IonButton>
            <SegmentedControl
              value={segment}
              choices={POOL_LISTS}
              onValueChange={setSegment}
              aria-label="Mis quinielas"
            />
          </div>
          <PoolList kind={segment} userId={userId} />
          <CreatePoolModal
            isOpen={creating}
            creatorId={userId}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setSegment('owned');
            }}
          />
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
        </>
      )}
    </TabPage>
  );
}
