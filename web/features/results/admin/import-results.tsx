import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { cloudDownloadOutline, documentOutline } from 'ionicons/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import {
  IMPORT_TRIGGER_LABELS,
  resultsMessages,
  type ImportedMatchChange,
  type ImportResultsSummary,
  type ImportTrigger,
} from '#contract/results';
import type { Team } from '#contract/teams';
import { AdminSection } from '../../../components/admin-section.tsx';
import { InputField } from '../../../ionic/input-field.tsx';
import { failureToast } from '../../../lib/outcome-toasts.ts';
import { formatKickoff } from '../../../lib/format-date.ts';
import { useToast } from '../../../lib/toast.ts';
import { describeTeam, teamQueries } from '../../teams/api.ts';
import { resultAdminQueries, useImportResults, useInvalidateAfterImport } from './api.ts';
import { STATUS_LABELS, competitionLabel, scoreText } from '../../../lib/match-text.ts';
import { importProgressText } from './import-progress.ts';
import { Conflicts } from './results-source.tsx';

/** The server takes up to 2 MB in one request. */
const FILE_MAX_BYTES = 2 * 1024 * 1024;
const IMPORT_FAILED = 'No se pudo importar.';

type Summary = ImportResultsSummary;

/**
 * "Importar": an openfootball file from the device, or a public URL; then what changed. The server
 * imports in the background: the screen follows the job it started (or, when opened, the latest one)
 * until it ends, so leaving the screen and coming back loses nothing.
 */
export function ImportResults() {
  const importResults = useImportResults();
  const invalidateAfterImport = useInvalidateAfterImport();
  const showToast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [startedId, setStartedId] = useState<number | null>(null);
  const latest = useQuery(resultAdminQueries.importJobs());
  const jobId = startedId ?? latest.data?.[0]?.id ?? null;
  const jobQuery = useQuery({ ...resultAdminQueries.importJob(jobId ?? 0), enabled: jobId !== null });
  const job = jobId === null ? null : (jobQuery.data ?? null);
  const running = importResults.isPending || job?.status === 'running';

  // A job seen running here is announced when it ends, and what it changed is shown everywhere.
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') {
      watched.current = job.id;
      return;
    }
    if (watched.current !== job.id) return;
    watched.current = null;
    void invalidateAfterImport();
    if (job.status === 'succeeded') showToast({ message: resultsMessages.importDone, color: 'success' });
    else showToast({ message: job.error ?? IMPORT_FAILED, color: 'danger' });
  }, [job, invalidateAfterImport, showToast]);

  const send = (body: object) => {
    importResults.mutate(body, {
      onSuccess: (response) => setStartedId(response.data.job.id),
      onError: failureToast(IMPORT_FAILED),
    });
  };

  const importFile = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      showToast({ message: 'Elige un archivo JSON de openfootball.', color: 'warning' });
      return;
    }
    if (file.size > FILE_MAX_BYTES) {
      showToast({ message: 'El archivo supera los 2 MB.', color: 'warning' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      showToast({ message: 'El archivo no es un JSON válido.', color: 'warning' });
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      showToast({ message: 'El archivo no tiene el formato de openfootball.', color: 'warning' });
      return;
    }
    send(body);
  };

  const importUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      showToast({ message: 'Escribe una URL que empiece por http:// o https://.', color: 'warning' });
      return;
    }
    send({ url: url.trim() });
  };

  return (
    <AdminSection label="Importar resultados">
      <p className="admin__intro">
        Importa un archivo de{' '}
        <a href="https://github.com/openfootball" rel="noreferrer" target="_blank">
          openfootball
        </a>{' '}
        (Mundial 2026 o LaLiga 2026/27): se crean los partidos nuevos y se guardan las fechas y los resultados que
        cambiaron. Nunca se borra un resultado.
      </p>

      <form className="admin-card" onSubmit={(event) => void importFile(event)} noValidate>
        <h2 className="admin__heading">Desde un archivo</h2>
        <label className="admin-file">
          <IonIcon icon={documentOutline} aria-hidden="true" />
          <span>{file ? file.name : 'Elegir archivo JSON…'}</span>
          <input
            className="admin-file__input"
            type="file"
            accept="application/json,.json"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)}
            data-testid="import-file"
          />
        </label>
        <IonButton type="submit" expand="block" disabled={running} data-testid="import-file-submit">
          Importar archivo
        </IonButton>
      </form>

      <form className="admin-card" onSubmit={importUrl} noValidate>
        <h2 className="admin__heading">Desde una URL</h2>
        <InputField
          label="URL del archivo"
          type="url"
          inputmode="url"
          placeholder="https://raw.githubusercontent.com/openfootball/…"
          value={url}
          onValueChange={setUrl}
          data-testid="import-url"
        />
        <IonButton type="submit" expand="block" disabled={running} data-testid="import-url-submit">
          <IonIcon slot="start" icon={cloudDownloadOutline} aria-hidden="true" />
          Importar desde la URL
        </IonButton>
      </form>

      {running && (
        <p className="admin__hint" role="status" data-testid="import-progress">
          {importProgressText(job)}
        </p>
      )}
      {job?.status === 'succeeded' && job.summary && <ImportSummary summary={job.summary} trigger={job.trigger} />}
      {job?.status === 'failed' && (
        <p className="admin__warning" role="alert" data-testid="import-error">
          {job.error ?? IMPORT_FAILED}
        </p>
      )}
    </AdminSection>
  );
}

function ImportSummary({ summary, trigger }: { summary: Summary; trigger: ImportTrigger }) {
  const teams = useQuery(teamQueries.list());
  const teamsById = useMemo(() => new Map<number, Team>((teams.data ?? []).map((t) => [t.id, t])), [teams.data]);
  const counts: [string, number][] = [
    ['Partidos leídos', summary.matchesSeen],
    ['Actualizados', summary.updated],
    ['Creados', summary.created],
    ['Sin cambios', summary.unchanged],
  ];
  return (
    <section className="admin-card" aria-labelledby="import-summary-title" data-testid="import-summary">
      <h2 id="import-summary-title" className="admin__heading">
        Resultado de la importación
      </h2>
      <p className="admin__hint">
        Origen: {summary.source} ({IMPORT_TRIGGER_LABELS[trigger]})
      </p>
      <dl className="admin-counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {summary.unknownTeams.length > 0 && (
        <p className="admin__warning">
          Equipos desconocidos (sus partidos no se importaron): {summary.unknownTeams.join(', ')}.
        </p>
      )}
      {summary.changes.length === 0 ? (
        <p className="admin__hint">Ningún partido cambió.</p>
      ) : (
        <ul className="admin-changes" aria-label="Partidos que cambiaron">
          {summary.changes.map((change) => (
            <li key={change.matchId} data-testid="import-change">
              <strong>
                {describeTeam(teamsById, change.homeTeamId).name} – {describeTeam(teamsById, change.awayTeamId).name}
              </strong>
              <span>
                {competitionLabel(change.competition)} · Jornada {change.after.weekNumber}
              </span>
              <span>{describeChange(change)}</span>
            </li>
          ))}
        </ul>
      )}
      <Conflicts job={{ summary }} />
      {summary.changesTruncated && (
        <p className="admin__hint">Y más partidos: la lista muestra los primeros {summary.changes.length}.</p>
      )}
    </section>
  );
}

export function describeChange({ before, after }: ImportedMatchChange): string {
  const result = (state: ImportedMatchChange['after']) =>
    state.status === 'scheduled' ? STATUS_LABELS.scheduled : `${STATUS_LABELS[state.status]} ${scoreText(state)}`;
  if (before === null) return `Nuevo: ${formatKickoff(after.matchDate, after.kickoffConfirmed)} · ${result(after)}`;
  const parts: string[] = [];
  if (before.status !== after.status || before.scoreHome !== after.scoreHome || before.scoreAway !== after.scoreAway) {
    parts.push(`${result(before)} → ${result(after)}`);
  }
  if (before.matchDate !== after.matchDate || before.kickoffConfirmed !== after.kickoffConfirmed) {
    parts.push(`fecha: ${formatKickoff(after.matchDate, after.kickoffConfirmed)}`);
  }
  if (before.weekNumber !== after.weekNumber) parts.push(`jornada ${before.weekNumber} → ${after.weekNumber}`);
  return parts.join(' · ');
}
