import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { INVITATION_CODE_MAX, INVITATION_CODE_MIN, poolMessages } from '#contract/index';
import type { Pool } from '#contract/index';
import { InputField } from '../../ionic/fields.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { useJoinPool } from './api.ts';
import './pool-form.css';

interface JoinPoolModalProps {
  isOpen: boolean;
  userId: number;
  /** Filled in by an invitation link. */
  initialCode: string;
  onClose: () => void;
  onJoined: (pool: Pool) => void;
}

export function JoinPoolModal({ isOpen, userId, initialCode, onClose, onJoined }: JoinPoolModalProps) {
  return (
    <ModalScreen title="Unirse a una Quiniela" isOpen={isOpen} onClose={onClose} closeText="Cancelar">
      <JoinPoolForm userId={userId} initialCode={initialCode} onJoined={onJoined} />
    </ModalScreen>
  );
}

function JoinPoolForm({
  userId,
  initialCode,
  onJoined,
}: Pick<JoinPoolModalProps, 'userId' | 'initialCode' | 'onJoined'>) {
  const [code, setCode] = useState(initialCode);
  const joinPool = useJoinPool();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      showToast({ message: poolMessages.invalidCode, color: 'warning' });
      return;
    }
    joinPool.mutate(
      { invitationCode: Number(code), userId },
      {
        onSuccess: (response) => {
          showToast({ message: response.message, color: 'success' });
          onJoined(response.data);
        },
        onError: (error) => showToast({ message: errorMessage(error, poolMessages.joinFailed), color: 'danger' }),
      },
    );
  };

  return (
    <form className="pool-form" onSubmit={submit} noValidate>
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
      <IonButton type="submit" expand="block" disabled={joinPool.isPending} data-testid="join-submit">
        Unirse
      </IonButton>
    </form>
  );
}
