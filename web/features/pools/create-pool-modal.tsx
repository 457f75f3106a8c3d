import '../../ionic/setup.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { defaultPoolScope, type Competition } from '#contract/matches';
import {
  DEFAULT_MAX_PARTICIPANTS,
  POOL_DESCRIPTION_MAX,
  POOL_NAME_MAX,
  poolMessages,
  type Pool,
} from '#contract/pools';
import { DialogForm } from '../../ionic/dialog-form.tsx';
import { InputField } from '../../ionic/input-field.tsx';
import { SelectField } from '../../ionic/select-field.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { matchQueries } from '../matches/api.ts';
import { useCreatePool } from './writes.ts';
import { DEFAULT_GAME_CHOICE, GameRulesFields, gameInput } from './game-rules-fields.tsx';
import { PoolOptionsFields, draftOf, optionsOf } from './pool-options-fields.tsx';
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
  const [options, setOptions] = useState(draftOf);
  const scope = usePoolScopeChoice();
  const [game, setGame] = useState(DEFAULT_GAME_CHOICE);
  const createPool = useCreatePool();
  const showToast = useToast();

  const nameField = useRef<HTMLIonInputElement>(null);

  const submit = async () => {
    if (name.trim() === '') {
      // The field the warning is about comes into view with the cursor in it; the toast then keeps clear of it.
      await nameField.current?.setFocus();
      showToast({ message: poolMessages.nameRequired, color: 'warning' });
      return;
    }
    // A pool made here always names its competition (the spec's body, without one, counts every match): one
    // tapped before the list arrived waits for it, and none is created while it cannot be had.
    const chosen = await scope.resolve().catch(() => undefined);
    if (chosen === undefined) {
      showToast({ message: COMPETITIONS_FAILED_ON_CREATE, color: 'danger' });
      return;
    }
    createPool.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        // An emptied field means the default; anything else is the server's to judge.
        maxParticipants: maxParticipants.trim() === '' ? DEFAULT_MAX_PARTICIPANTS : Number(maxParticipants),
        creatorId,
        // Null only when there is no match at all: the pool then counts every match to come.
        ...(chosen ?? {}),
        // The specification's game sends no `game`: its body stays the spec's.
        ...(gameInput(game) === undefined ? {} : { game: gameInput(game) }),
        options: optionsOf(options),
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
      onSubmit={() => void submit()}
      submitText="Crear Quiniela"
      busy={createPool.isPending}
      submitTestId="pool-create-submit"
    >
      <InputField
        ref={nameField}
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
      {scope.competitions.length > 0 && scope.chosen && (
        <>
          <SelectField
            label="Competición"
            value={scope.chosen.competition}
            options={scope.competitions.map((c) => ({ value: c.key, label: c.displayName }))}
            onValueChange={scope.chooseCompetition}
            data-testid="pool-competition"
          />
          <SelectField
            label="Desde la jornada"
            value={scope.chosen.fromWeek}
            options={scope.rounds.map((round) => ({ value: round.weekNumber, label: round.label }))}
            onValueChange={scope.chooseFromWeek}
            data-testid="pool-from-week"
          />
        </>
      )}
      {scope.failed && <p className="pool-form__hint">{COMPETITIONS_FAILED}</p>}
      <GameRulesFields value={game} onChange={setGame} rounds={scope.rounds} />
      <PoolOptionsFields value={options} onChange={setOptions} gameMode={game.mode} />
    </DialogForm>
  );
}

const COMPETITIONS_FAILED = 'No se pudieron cargar las competiciones: se pedirán de nuevo al crear la quiniela.';
const COMPETITIONS_FAILED_ON_CREATE = 'No se pudieron cargar las competiciones. Inténtalo de nuevo.';

/** A competition's first round by default: its next one, or its first when nothing is left to play. */
const defaultFromWeek = (competition: Competition) => competition.nextRound ?? competition.firstWeek;

/**
 * The competition and first round of the new pool: `defaultPoolScope`'s (the competition with the soonest open
 * match, from its next round) until the creator chooses; choosing a competition starts it from its next round.
 * Null until the competitions have loaded.
 */
function usePoolScopeChoice() {
  const queryClient = useQueryClient();
  const competitions = useQuery(matchQueries.competitions());
  const [competitionKey, setCompetitionKey] = useState<string | null>(null);
  const [fromWeek, setFromWeek] = useState<number | null>(null);
  const list = (competitions.data ?? []).toSorted((a, b) => a.displayName.localeCompare(b.displayName, 'es'));
  const fallback = defaultPoolScope(list);
  const competition = list.find((c) => c.key === (competitionKey ?? fallback?.competition));
  // defaultPoolScope starts its competition from the same round as defaultFromWeek.
  const chosen = competition
    ? { competition: competition.key, fromWeek: fromWeek ?? defaultFromWeek(competition) }
    : null;
  return {
    competitions: list,
    rounds: competition?.rounds ?? [],
    chosen,
    /** The scope to send: the one shown, or (tapped before the list was shown) the default of a list fetched now. */
    resolve: async () => {
      if (chosen) return chosen;
      return defaultPoolScope(await queryClient.ensureQueryData(matchQueries.competitions()));
    },
    failed: competitions.isError,
    chooseCompetition: (key: string) => {
      setCompetitionKey(key);
      setFromWeek(null);
    },
    chooseFromWeek: setFromWeek,
  };
}
