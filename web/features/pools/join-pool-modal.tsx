import '../../ionic/setup.ts';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INVITATION_CODE_MAX,
  INVITATION_CODE_MIN,
  invitationRefusal,
  invitationStanding,
  poolMessages,
  type Pool,
  type PoolInvitation,
} from '#contract/pools';
import { DialogForm } from '../../ionic/dialog-form.tsx';
import { InputField } from '../../ionic/input-field.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { poolQueries } from './api.ts';
import { useJoinPool } from './writes.ts';
import './pool-form.css';

interface JoinPoolModalProps {
  isOpen: boolean;
  userId: number;
  /** Filled in by an invitation link. */
  initialCode: string;
  /** The dialog was opened by an invitation link: it names the pool of `initialCode` before joining. */
  fromInvitation: boolean;
  onClose: () => void;
  onJoined: (pool: Pool) => void;
  /** "Abrir quiniela": the invitation's pool, for its creator or someone already in it. */
  onOpenPool: (poolId: number) => void;
}

export function JoinPoolModal({ isOpen, onClose, ...form }: JoinPoolModalProps) {
  return (
    <ModalScreen title="Unirse a una Quiniela" isOpen={isOpen} onClose={onClose} closeText="Cancelar">
      <JoinPoolForm {...form} />
    </ModalScreen>
  );
}

/** The server would refuse a join with this code for the same reason: 404 (no such pool) or 429 (too many wrong codes). */
const isCodeRefusal = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 429);

function JoinPoolForm({
  userId,
  initialCode,
  fromInvitation,
  onJoined,
  onOpenPool,
}: Omit<JoinPoolModalProps, 'isOpen' | 'onClose'>) {
  const [code, setCode] = useState(initialCode);
  const joinPool = useJoinPool();
  const showToast = useToast();

  // The link's code is looked up; a code typed by hand is not (the spec's dialog, as it was).
  const invitedCode = fromInvitation && /^\d{6}$/.test(initialCode) ? Number(initialCode) : null;
  const invitation = useQuery({
    ...poolQueries.invitation(invitedCode ?? INVITATION_CODE_MIN),
    // Not while joining: the pools asked for again after a join would show this pool as already joined.
    enabled: invitedCode !== null && !joinPool.isPending && !joinPool.isSuccess,
  });
  // What the dialog says is about the code in the field: once it is changed, the pool is no longer named.
  const showsInvitation = invitedCode !== null && code === initialCode;
  const standing = invitation.data ? invitationStanding(invitation.data) : null;
  const refused = showsInvitation && ((standing !== null && standing !== 'open') || isCodeRefusal(invitation.error));

  const submit = () => {
    if (code.trim() === '') {
      showToast({ message: poolMessages.invalidCode, color: 'warning' });
      return;
    }
    const toasts = outcomeToasts(
      (response: { message: string; data: Pool }) => response.message,
      poolMessages.joinFailed,
      (response) => onJoined(response.data),
    );
    joinPool.mutate(
      { invitationCode: Number(code), userId },
      {
        ...toasts,
        onError: (error) => {
          toasts.onError(error);
          // Refused after all (the last place went meanwhile): the dialog shows the pool as it is now.
          if (showsInvitation) void invitation.refetch();
        },
      },
    );
  };

  return (
    <DialogForm
      className="pool-form"
      onSubmit={submit}
      submitText="Unirse"
      busy={joinPool.isPending}
      refused={refused}
      submitTestId="join-submit"
    >
      {showsInvitation && (
        <section className="invitation-preview" aria-label="Invitación" data-testid="invitation">
          {invitation.data ? (
            <InvitationDetails
              invitation={invitation.data}
              refusal={standing === null || standing === 'open' ? null : invitationRefusal[standing]}
              canOpen={standing === 'creator' || standing === 'participant'}
              onOpenPool={onOpenPool}
            />
          ) : invitation.isError ? (
            <p className="invitation-preview__refusal" role="alert">
              {errorMessage(invitation.error, poolMessages.invitationFailed)}
            </p>
          ) : (
            <p className="invitation-preview__loading" role="status">
              {poolMessages.invitationLoading}
            </p>
          )}
        </section>
      )}
      <p className="pool-form__hint">Introduce el código de 6 cifras que te ha enviado el creador de la quiniela.</p>
      <InputField
        label="Código de invitación"
        labelPlacement="floating"
        type="number"
        inputmode="numeric"
        min={INVITATION_CODE_MIN}
        max={INVITATION_CODE_MAX}
        placeholder="123456"
        value={code}
        onValueChange={setCode}
        data-testid="join-code"
      />
    </DialogForm>
  );
}

/** The pool an invitation opens: its name first, who made it, how full it is, and why joining is refused if it is. */
function InvitationDetails({
  invitation,
  refusal,
  canOpen,
  onOpenPool,
}: {
  invitation: PoolInvitation;
  refusal: string | null;
  canOpen: boolean;
  onOpenPool: (poolId: number) => void;
}) {
  return (
    <>
      <h2 className="invitation-preview__name">{invitation.name}</h2>
      {invitation.description !== '' && <p className="invitation-preview__description">{invitation.description}</p>}
      <p className="invitation-preview__fact">{poolMessages.invitationCreator(invitation.creatorName)}</p>
      <p className="invitation-preview__fact">
        {poolMessages.invitationCount(invitation.currentParticipants, invitation.maxParticipants)}
      </p>
      {refusal !== null && (
        <p className="invitation-preview__refusal" role="status">
          {refusal}
        </p>
      )}
      {canOpen && (
        <IonButton fill="outline" expand="block" onClick={() => onOpenPool(invitation.id)}>
          {poolMessages.openPool}
        </IonButton>
      )}
    </>
  );
}
