import { IMPORT_TRIGGER_LABELS, type ImportJob, type ResultsSource } from '#contract/results';
import { formatKickoff } from '../../../lib/format-date.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Ninguna", "Archivo del servidor: /srv/es.1.json", "URL: https://…". */
export function sourceText({ kind, location }: Pick<ResultsSource, 'kind' | 'location'>): string {
  if (kind === 'none' || location === null) return 'Ninguna';
  return kind === 'file' ? `Archivo del servidor: ${location}` : `URL: ${location}`;
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

/** How often the poller reads it. */
export function pollText(pollMinutes: number, kind: ResultsSource['kind']): string {
  if (kind === 'none') return 'Lectura automática: ninguna, no hay fuente.';
  if (pollMinutes === 0) return 'Lectura automática: desactivada (solo al pulsar «Actualizar Resultados»).';
  return `Lectura automática: cada ${count(pollMinutes, 'minuto', 'minutos')}.`;
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
