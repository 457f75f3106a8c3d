import { and, desc, eq, lt, ne } from 'drizzle-orm';
import { type ImportJob, type ImportJobStatus, type ImportResultsSummary, resultsMessages } from '#contract/index';
import type { Database } from '../../db/client.ts';
import { importJobs } from '../../db/schema.ts';

/**
 * A running job updates its row at least this often (progress, or a heartbeat when progress does
 * not move); one not updated for `STALE_AFTER_MS` died with its instance.
 */
export const HEARTBEAT_MS = 20_000;
export const STALE_AFTER_MS = 2 * 60_000;
/** Finished jobs are kept this long (the list shows the latest few). */
const RETENTION_MS = 30 * 24 * 60 * 60_000;

type Row = typeof importJobs.$inferSelect;

/** The row as the API tells it: a running job whose heartbeat stopped is reported as failed. */
export function toImportJob(row: Row, now: Date): ImportJob {
  const stale = row.status === 'running' && now.getTime() - row.updatedAt.getTime() > STALE_AFTER_MS;
  return {
    id: row.id,
    status: stale ? 'failed' : (row.status as ImportJobStatus),
    source: row.source,
    startedAt: row.startedAt.toISOString(),
    finishedAt: stale ? row.updatedAt.toISOString() : (row.finishedAt?.toISOString() ?? null),
    progress: row.progressTotal === null ? null : { done: row.progressDone ?? 0, total: row.progressTotal },
    summary: stale ? null : ((row.summary as ImportResultsSummary | null) ?? null),
    error: stale ? resultsMessages.importInterrupted : row.error,
  };
}

/** Results imports run in the background, stored so that every instance can answer about them. */
export function createImportJobsRepository(db: Database) {
  return {
    async create({ source, startedBy, now }: { source: string; startedBy: number | null; now: Date }): Promise<Row> {
      await db
        .delete(importJobs)
        .where(and(ne(importJobs.status, 'running'), lt(importJobs.startedAt, new Date(now.getTime() - RETENTION_MS))));
      const [row] = await db
        .insert(importJobs)
        .values({ status: 'running', source, startedBy, startedAt: now, updatedAt: now })
        .returning();
      return row!;
    },
    async find(id: number): Promise<Row | undefined> {
      const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
      return row;
    },
    async latest(limit: number): Promise<Row[]> {
      return db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(limit);
    },
    /** Progress and heartbeat of a running job. */
    async progress(id: number, now: Date, progress?: { done: number; total: number }): Promise<void> {
      await db
        .update(importJobs)
        .set({ updatedAt: now, ...(progress ? { progressDone: progress.done, progressTotal: progress.total } : {}) })
        .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')));
    },
    async finish(
      id: number,
      now: Date,
      outcome: { status: 'succeeded'; summary: ImportResultsSummary } | { status: 'failed'; error: string },
    ): Promise<void> {
      await db
        .update(importJobs)
        .set({
          status: outcome.status,
          updatedAt: now,
          finishedAt: now,
          summary: outcome.status === 'succeeded' ? outcome.summary : null,
          error: outcome.status === 'failed' ? outcome.error : null,
        })
        .where(eq(importJobs.id, id));
    },
  };
}

export type ImportJobsRepository = ReturnType<typeof createImportJobsRepository>;
