import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ImportJob, SaveResultsSourceBody } from '#contract/results';
import { OPENFOOTBALL_PRESET } from '#contract/results-feeds';
import { ErrorState } from '../../../components/error-state.tsx';
import { InputField } from '../../../ionic/input-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { FeedStatusLines } from '../../../lib/feed-status.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { resultAdminQueries, useSaveResultsSource } from './api.ts';
import {
  conflictText,
  footballDataText,
  lastImportText,
  scheduleText,
  sourceOriginText,
  sourceText,
} from './results-source-text.ts';

const SAVE_FAILED = 'No se pudo guardar la fuente de resultados.';

/**
 * "Fuente de resultados": where the poller and "Actualizar Resultados" read results (the ready choice: openfootball's
 * public files; football-data.org beside them when the server has its token), when each was last read and how, when
 * the next read is due, what the last import changed (with the admin corrections it kept), and the admin's choice of
 * openfootball, a public URL, or none. What is saved is what the server answered, never before.
 */
export function ResultsSourceCard() {
  const state = useQuery(resultAdminQueries.source());
  const save = useSaveResultsSource();
  const now = useNow();
  const showToast = useToast();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (body: SaveResultsSourceBody) => {
    setError(null);
    save.mutate(body, {
      onSuccess: (response) => {
        showToast({ message: response.message, color: 'success' });
        setUrl('');
      },
      onError: (failure) => setError(errorMessage(failure, SAVE_FAILED)),
    });
  };
  const saveUrl = (event: FormEvent) => {
    event.preventDefault();
    const typed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(typed)) {
      setError('Escribe una URL que empiece por http:// o https://.');
      return;
    }
    send({ url: typed });
  };

  if (state.isError)
    return <ErrorState text="No se pudo cargar la fuente de resultados." error={state.error} onRetry={state.refetch} />;
  const data = state.data;
  return (
    <section className="admin-card" aria-labelledby="results-source-title" data-testid="results-source">
      <h2 id="results-source-title" className="admin__heading">
        Fuente de resultados
      </h2>
      {!data ? (
        <p className="admin__hint">Cargando…</p>
      ) : (
        <>
          <p className="results-source__kind" data-testid="results-source-kind">
            {sourceText(data.source)}
          </p>
          <p className="admin__hint">{sourceOriginText(data.source)}</p>
          <p className="admin__hint" data-testid="results-source-football-data">
            {footballDataText(data.footballData)}
          </p>
          <FeedStatusLines feeds={data.feeds} />
          <p className="admin__hint" data-testid="results-source-poll">
            {scheduleText(data.schedule, data, now)}
          </p>
          <p className="admin__hint" data-testid="results-source-last-import">
            Última importación: {lastImportText(data.lastImport)}
          </p>
          <Conflicts job={data.lastImport} />
          {data.lastPull && data.lastPull.id !== data.lastImport?.id && (
            <>
              <p className="admin__hint" data-testid="results-source-last-pull">
                Última lectura de la fuente: {lastImportText(data.lastPull)}
              </p>
              <Conflicts job={data.lastPull} />
            </>
          )}
        </>
      )}

      {data && data.source.kind !== 'openfootball' && (
        <IonButton
          expand="block"
          disabled={save.isPending}
          onClick={() => send({ preset: OPENFOOTBALL_PRESET })}
          data-testid="results-source-openfootball"
        >
          Usar openfootball (LaLiga 2026/27 y Mundial 2026)
        </IonButton>
      )}
      <form className="results-source__form" onSubmit={saveUrl} noValidate>
        <InputField
          label="URL de la fuente"
          type="url"
          inputmode="url"
          placeholder="https://raw.githubusercontent.com/openfootball/…"
          value={url}
          onValueChange={setUrl}
          helperText="Solo URL públicas (http o https). Se lee en la siguiente actualización, sin reiniciar."
          data-testid="results-source-url"
        />
        {error && (
          <p className="admin__warning" role="alert" data-testid="results-source-error">
            {error}
          </p>
        )}
        <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="results-source-save">
          Guardar
        </IonButton>
      </form>
      {data && data.source.kind !== 'none' && (
        <IonButton
          fill="outline"
          expand="block"
          disabled={save.isPending}
          onClick={() => send({ url: null })}
          data-testid="results-source-clear"
        >
          Quitar la fuente
        </IonButton>
      )}
      {data?.source.setBy === 'admin' && data.source.envLocation !== null && (
        <IonButton
          fill="clear"
          expand="block"
          disabled={save.isPending}
          onClick={() => send({ useEnv: true })}
          data-testid="results-source-use-env"
        >
          Usar la del servidor (RESULTS_SOURCE)
        </IonButton>
      )}
    </section>
  );
}

/**
 * The matches an import left otherwise than the source says (also under "Importar"'s result): an admin's correction
 * it kept, or a result it did not save because the match has not started.
 */
export function Conflicts({ job }: { job: Pick<ImportJob, 'summary'> | null }) {
  const conflicts = job?.summary?.conflicts ?? [];
  if (conflicts.length === 0) return null;
  const kept = conflicts.filter((conflict) => conflict.kind !== 'notStarted');
  const early = conflicts.filter((conflict) => conflict.kind === 'notStarted');
  const list = (shown: typeof conflicts) => (
    <ul className="admin-changes" aria-label="Conflictos con la fuente">
      {shown.map((conflict) => (
        <li key={`${conflict.matchId}-${conflict.kind}`} data-testid="results-source-conflict">
          <strong>
            {conflict.home} – {conflict.away}
          </strong>
          <span>{conflictText(conflict)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <div>
      {kept.length > 0 && (
        <>
          <p className="admin__warning">
            Se conservó la corrección de un administrador (la fuente dice otra cosa; para aceptarla, corrige el partido
            en Partidos):
          </p>
          {list(kept)}
        </>
      )}
      {early.length > 0 && (
        <>
          <p className="admin__warning">
            No se guardó el resultado de la fuente: el partido todavía no ha empezado (si ya se jugó, confirma antes su
            hora de inicio en Partidos):
          </p>
          {list(early)}
        </>
      )}
    </div>
  );
}
