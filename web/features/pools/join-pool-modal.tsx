import { useState } from 'react';
import { INVITATION_CODE_MAX, INVITATION_CODE_MIN, poolMessages } from '#contract/index';
import type { Pool } from '#contract/index';
import { DialogForm } from '../../ionic/dialog-form.tsx';
import { InputField } from '../../ionic/input-field.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
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

  const submit = () => {
    if (code.trim() === '') {
      showToast({ message: poolMessages.invalidCode, color: 'warning' });
      return;
    }
    joinPool.mutate(
      { invitationCode: Number(code), userId },
      outcomeToasts(
        (response) => response.message,
        poolMessages.joinFailed,
        (response) => onJoined(response.data),
      ),
    );
  };

  return (
    <DialogForm
      className="pool-form"
      onSubmit={submit}
      submitText="Unirse"
      busy={joinPool.isPending}
      submitTestId="join-submit"
    >
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
