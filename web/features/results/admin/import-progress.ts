import type { ImportJob } from '#contract/results';

/** "Importando… 120 de 380 partidos" once the job has read the file; "Importando…" before. */
export function importProgressText(job: Pick<ImportJob, 'status' | 'progress'> | null): string {
  if (job?.status !== 'running' || !job.progress) return 'Importando…';
  return `Importando… ${job.progress.done} de ${job.progress.total} partidos`;
}
