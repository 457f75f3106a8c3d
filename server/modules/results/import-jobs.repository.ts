import { and, desc, eq, inArray, lt, max, ne, sql } from 'drizzle-orm';
import {
  type ImportJob,
  type ImportJobStatus,
  type ImportResultsSummary,
  type ImportTrigger,
  type ResultConflict,
  resultsMessages,
  roundDisplayLabel,
} from '#contract/index';
import type { Database } from '../../db/client.ts';
import { importJobs } from '../../db/schema.ts';

/**
 * A running job updates its row at least this often (progress, or a heartbeat when progress does
 * not move); one not updated for `STALE_AFTER_MS` died with its instance.
 */
export const HEARTBEAT_MS = 20_000;
export const STALE_AFTER_MS = 2 * 60_000;
/** What pulls a feed: the poller and "Actualizar Resultados". */
const PULL_TRIGGERS: ImportTrigger[] = ['poll', 'update-all'];
/** Finished jobs are kept this long (the list shows the latest few). */
const RETENTION_MS = 30 * 24 * 60 * 60_000;

type Row = typeof importJobs.$inferSelect;

type StoredConflict = Omit<ResultConflict, 'kind' | 'roundLabel' | 'kickoff'> & Partial<ResultConflict>;
type StoredSummary = Omit<ImportResultsSummary, 'conflicts' | 'results' | 'kickoffs'> &
  Partial<Pick<ImportResultsSummary, 'results' | 'kickoffs'>> & { conflicts?: StoredConflict[] };

/**
 * A summary as stored: those saved before conflicts were reported have none; before results and kick-off changes
 * were counted apart, those counts are null; a conflict from before conflicts had kinds is an admin's result.
 */
const storedSummary = (summary: unknown): ImportResultsSummary | null => {
  if (!summary) return null;
  const stored = summary as StoredSummary;
  return {
    ...stored,
    results: stored.results ?? null,
    kickoffs: stored.kickoffs ?? null,
    conflicts: (stored.conflicts ?? []).map((conflict) => ({
      ...conflict,
      kind: conflict.kind ?? 'result',
      roundLabel: conflict.roundLabel ?? roundDisplayLabel([conflict.round]),
      kickoff: conflict.kickoff ?? null,
    })),
  };
};

/** How an import ended. */
export type ImportOutcome =
  { status: 'succeeded'; summary: ImportResultsSummary } | { status: 'failed'; error: string };

/** The row as the API tells it: a running job whose heartbeat stopped is reported as failed. */
export function toImportJob(row: Row, now: Date): ImportJob {
  const stale = row.status === 'running' && now.getTime() - row.updatedAt.getTime() > STALE_AFTER_MS;
  return {
    id: row.id,
    status: stale ? 'failed' : (row.status as ImportJobStatus),
    trigger: row.trigger as ImportTrigger,
    source: row.source,
    startedAt: row.startedAt.toISOString(),
    finishedAt: stale ? row.updatedAt.toISOString() : (row.finishedAt?.toISOString() ?? null),
    progress: row.progressTotal === null ? null : { done: row.progressDone ?? 0, total: row.progressTotal },
    summary: stale ? null : storedSummary(row.summary),
    error: stale ? resultsMessages.importInterrupted : row.error,
  };
}

/** Results imports run in the background, stored so that every instance can answer about them. */
export function createImportJobsRepository(db: Database) {
  const forget = (now: Date) =>
    db
      .delete(importJobs)
      .where(and(ne(importJobs.status, 'running'), lt(importJobs.startedAt, new Date(now.getTime() - RETENTION_MS))));
  return {
    async create({ source, startedBy, now }: { source: string; startedBy: number | null; now: Date }): Promise<Row> {
      await forget(now);
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
    /** The latest import run by one of `triggers`. */
    async latestOf(triggers: readonly ImportTrigger[]): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(inArray(importJobs.trigger, [...triggers]))
        .orderBy(desc(importJobs.id))
        .limit(1);
      return row;
    },
    /** When each of `sources` was last pulled (the poller or "Actualizar Resultados" started reading it). */
    async lastPullStarts(sources: readonly string[]): Promise<Map<string, Date>> {
      if (sources.length === 0) return new Map();
      const rows = await db
        .select({ source: importJobs.source, at: max(importJobs.startedAt) })
        .from(importJobs)
        .where(and(inArray(importJobs.trigger, PULL_TRIGGERS), inArray(importJobs.source, [...sources])))
        .groupBy(importJobs.source);
      return new Map(rows.flatMap(({ source, at }) => (at ? [[source, at] as const] : [])));
    },
    /** Each of `sources`' last pull, and when one last succeeded. */
    async pullHistory(sources: readonly string[]): Promise<Map<string, { last: Row; lastSuccessAt: Date | null }>> {
      if (sources.length === 0) return new Map();
      const latest = await db
        .select({
          lastId: max(importJobs.id),
          lastSuccessAt: sql<Date | null>`max(${importJobs.finishedAt}) filter (where ${importJobs.status} = 'succeeded')`.mapWith(
            importJobs.finishedAt,
          ),
        })
        .from(importJobs)
        .where(and(inArray(importJobs.trigger, PULL_TRIGGERS), inArray(importJobs.source, [...sources])))
        .groupBy(importJobs.source);
      const ids = latest.flatMap(({ lastId }) => (lastId === null ? [] : [lastId]));
      const rows = ids.length === 0 ? [] : await db.select().from(importJobs).where(inArray(importJobs.id, ids));
      const successes = new Map(latest.map(({ lastId, lastSuccessAt }) => [lastId, lastSuccessAt]));
      return new Map(rows.map((row) => [row.source, { last: row, lastSuccessAt: successes.get(row.id) ?? null }]));
    },
    /** A pull of the results source, stored once it has ended (it has no progress to follow). */
    async record({
      trigger,
      source,
      startedBy,
      startedAt,
      finishedAt,
      outcome,
    }: {
      trigger: Exclude<ImportTrigger, 'admin'>;
      source: string;
      startedBy: number | null;
      startedAt: Date;
      finishedAt: Date;
      outcome: ImportOutcome;
    }): Promise<Row> {
      await forget(finishedAt);
      const [row] = await db
        .insert(importJobs)
        .values({
          status: outcome.status,
          trigger,
          source,
          startedBy,
          startedAt,
          updatedAt: finishedAt,
          finishedAt,
          summary: outcome.status === 'succeeded' ? outcome.summary : null,
          error: outcome.status === 'failed' ? outcome.error : null,
        })
        .returning();
      return row!;
    },
    /** Progress and heartbeat of a running job. */
    async progress(id: number, now: Date, progress?: { done: number; total: number }): Promise<void> {
      await db
        .update(importJobs)
        .set({ updatedAt: now, ...(progress ? { progressDone: progress.done, progressTotal: progress.total } : {}) })
        .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')));
    },
    async finish(id: number, now: Date, outcome: ImportOutcome): Promise<void> {
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
