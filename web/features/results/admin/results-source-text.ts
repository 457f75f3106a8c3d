import {
  IMPORT_TRIGGER_LABELS,
  type ImportJob,
  type ResultConflict,
  type ResultsSource,
  type ResultsSourceState,
} from '#contract/results';
import type { PullSchedule } from '#contract/results-feeds';
import { formatKickoff, formatWhen } from '../../../lib/format-date.ts';
import { STATUS_LABELS, scoreText } from '../../../lib/match-text.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Ninguna", "openfootball: …", "Archivo del servidor: /srv/es.1.json", "URL: https://…". */
export function sourceText({ kind, location }: Pick<ResultsSource, 'kind' | 'location'>): string {
  if (kind === 'none' || location === null) return 'Ninguna';
  if (kind === 'openfootball') return 'openfootball: los archivos públicos de LaLiga 2026/27 y el Mundial 2026';
  return kind === 'file' ? `Archivo del servidor: ${location}` : `URL: ${location}`;
}

/** Whether football-data.org is read beside the source (the server's FOOTBALL_DATA_TOKEN), and for what. */
export function footballDataText({ configured, competitions }: ResultsSourceState['footballData']): string {
  return configured
    ? `football-data.org: también se lee (${competitions.join(', ')}), con horas confirmadas y marcadores en directo.`
    : 'football-data.org: sin configurar (FOOTBALL_DATA_TOKEN en el servidor).';
}

/** Who chose the source, and what "none" means for "Actualizar Resultados". */
export function sourceOriginText({ kind, setBy, setAt }: Pick<ResultsSource, 'kind' | 'setBy' | 'setAt'>): string {
  const none = 'No se lee ninguna fuente: «Actualizar Resultados» solo recalcula las clasificaciones.';
  if (setBy === 'env') return 'Configurada en el servidor (RESULTS_SOURCE).';
  if (setBy === 'admin') {
    const when = setAt ? ` el ${formatKickoff(setAt, true)}` : '';
    return kind === 'none' ? `Quitada por un administrador${when}. ${none}` : `Elegida por un administrador${when}.`;
  }
  return none;
}

/** How the poller reads now, and when next. */
export function scheduleText(
  schedule: PullSchedule,
  { pollMinutes, livePollSeconds }: { pollMinutes: number; livePollSeconds: number },
  now: number,
): string {
  const next = schedule.nextPullAt === null ? '' : `; la próxima ${formatWhen(schedule.nextPullAt, now)}`;
  const live = livePollSeconds % 60 === 0 ? `${livePollSeconds / 60} min` : `${livePollSeconds} s`;
  switch (schedule.mode) {
    case 'off':
      return pollMinutes === 0
        ? 'Lectura automática: desactivada (solo al pulsar «Actualizar Resultados»).'
        : 'Lectura automática: ninguna, no hay fuente.';
    case 'live':
      return `Lectura automática: cada ${live}, hay un partido empezado sin resultado${next}.`;
    case 'near':
      return `Lectura automática: cada ${pollMinutes === 60 ? 'hora' : `${pollMinutes} min`}, hay partidos cerca${next}.`;
    case 'idle':
      return schedule.nextPullAt === null
        ? 'Lectura automática: en pausa, ningún partido cerca.'
        : `Lectura automática: en pausa, ningún partido cerca; se reanuda ${formatWhen(schedule.nextPullAt, now)}.`;
  }
}

/** What an import changed, or why it failed: "2 partidos actualizados, 0 creados, 378 sin cambios, 1 conflicto". */
export function importOutcomeText(job: Pick<ImportJob, 'status' | 'summary' | 'error'>): string {
  if (job.status === 'running') return 'en marcha';
  if (job.status === 'failed' || !job.summary) return `falló: ${job.error ?? 'sin detalle'}`;
  const { updated, created, unchanged, conflicts } = job.summary;
  const parts = [
    count(updated, 'partido actualizado', 'partidos actualizados'),
    count(created, 'creado', 'creados'),
    `${unchanged} sin cambios`,
  ];
  if (conflicts.length > 0) parts.push(count(conflicts.length, 'conflicto', 'conflictos'));
  return parts.join(', ');
}

/** "Última importación: <fecha y hora>, <qué cambió> (<cómo>: <de dónde>)", or "Nunca". */
export function lastImportText(job: ImportJob | null): string {
  if (!job) return 'Nunca';
  const when = formatKickoff(job.finishedAt ?? job.startedAt, true);
  return `${when}, ${importOutcomeText(job)} (${IMPORT_TRIGGER_LABELS[job.trigger]}: ${job.source})`;
}

/** "2 – 1" for a finished result, else its status ("En juego", "Programado"). */
const resultText = (state: Pick<ResultConflict['source'], 'status' | 'scoreHome' | 'scoreAway'>) =>
  state.status === 'finished' ? scoreText(state) : STATUS_LABELS[state.status];

/**
 * What an import left otherwise than its source says, after the teams' names, with the round's Spanish name: an
 * admin's result or kick-off that stays (who saved it and when, and what the source says), or the source's result
 * for a match that has not started yet.
 */
export function conflictText(conflict: ResultConflict): string {
  const by = conflict.admin
    ? ` por ${conflict.admin.changedBy} (${formatKickoff(conflict.admin.changedAt, true)})`
    : '';
  const kickoff = (k: { matchDate: string; kickoffConfirmed: boolean }) =>
    formatKickoff(k.matchDate, k.kickoffConfirmed);
  if (conflict.kind === 'kickoff' && conflict.kickoff) {
    return `${conflict.roundLabel} · hora guardada: ${kickoff(conflict.kickoff.kept)}${by} · la fuente dice ${kickoff(conflict.kickoff.source)}`;
  }
  if (conflict.kind === 'notStarted') {
    const when = conflict.kickoff ? ` (empieza ${kickoff(conflict.kickoff.kept)})` : '';
    return `${conflict.roundLabel} · la fuente dice ${resultText(conflict.source)}, pero el partido no ha empezado${when}: no se guardó`;
  }
  return `${conflict.roundLabel} · guardado ${conflict.admin ? resultText(conflict.admin) : '–'}${by} · la fuente dice ${resultText(conflict.source)}`;
}
