import { useState } from 'react';
import { DEFAULT_MAX_PARTICIPANTS, POOL_DESCRIPTION_MAX, POOL_NAME_MAX, poolMessages } from '#contract/index';
import type { Pool } from '#contract/index';
import { DialogForm } from '../../ionic/dialog-form.tsx';
import { InputField } from '../../ionic/input-field.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { useCreatePool } from './api.ts';
import { IonTextarea } from '../../ionic/textarea.ts';
import './pool-form.css';

interface CreatePoolModalProps {
  isOpen: boolean;
  creatorId: number;
  onClose: () => void;
  onCreated: (pool: Pool) => void;
}

export function CreatePoolModal({ isOpen, creatorId, onClose, onCreated }: CreatePoolModalProps) {
  return (
    <ModalScreen title="Crear Nueva Quiniela" isOpen={isOpen} onClose={onClose} closeText="Cancelar">
      {/* Mounted only while open, so every opening starts from a clean form. */}
      <CreatePoolForm creatorId={creatorId} onCreated={onCreated} />
    </ModalScreen>
  );
}

function CreatePoolForm({ creatorId, onCreated }: Pick<CreatePoolModalProps, 'creatorId' | 'onCreated'>) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [maxParticipants, setMaxParticipants] = useState(String(DEFAULT_MAX_PARTICIPANTS));
  const createPool = useCreatePool();
  const showToast = useToast();

  const submit = () => {
    if (name.trim() === '') {
      showToast({ message: poolMessages.nameRequired, color: 'warning' });
      return;
    }
    createPool.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        // An emptied field means the default; anything else is the server's to judge.
        maxParticipants: maxParticipants.trim() === '' ? DEFAULT_MAX_PARTICIPANTS : Number(maxParticipants),
        creatorId,
      },
      outcomeToasts(
        (pool) => `Quiniela «${pool.name}» creada. Código: ${pool.invitationCode}`,
        poolMessages.createFailed,
        onCreated,
      ),
    );
  };

  return (
    <DialogForm
      className="pool-form"
      onSubmit={submit}
      submitText="Crear Quiniela"
      busy={createPool.isPending}
      submitTestId="pool-create-submit"
    >
      <InputField
        label="Nombre"
        labelPlacement="floating"
        maxlength={POOL_NAME_MAX}
        autocapitalize="sentences"
        value={name}
        onValueChange={setName}
        data-testid="pool-name"
      />
      <IonTextarea
        label="Descripción (opcional)"
        labelPlacement="floating"
        fill="outline"
        autoGrow
        rows={3}
        maxlength={POOL_DESCRIPTION_MAX}
        value={description}
        onIonInput={(event) => setDescription(event.detail.value ?? '')}
        data-testid="pool-description"
      />
      <InputField
        label="Máximo de participantes"
        labelPlacement="floating"
        type="number"
        inputmode="numeric"
        min={2}
        max={1000}
        value={maxParticipants}
        onValueChange={setMaxParticipants}
        data-testid="pool-max-participants"
      />
    </DialogForm>
  );
}
