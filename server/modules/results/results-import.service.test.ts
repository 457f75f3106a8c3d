import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ImportResultsSummary } from '#contract/index';
import { seasonImportSummary } from '#tests/fixtures/import-summary';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { ResultsImporter } from './results-importer.ts';
import type { ImportJobsRepository } from './import-jobs.repository.ts';
import { createResultsImportService } from './results-import.service.ts';

const laliga = JSON.parse(
  await readFile(new URL('../../db/seed/data/laliga-2026-27.json', import.meta.url), 'utf8'),
) as { name: string; matches: unknown[] };
const now = new Date('2026-11-21T12:00:00Z');
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** The service over stand-ins: an importer that reports every match, and a jobs table in memory. */
function setUp(importFixtures: ResultsImporter['importFixtures']) {
  const progress: { done: number; total: number }[] = [];
  let outcome: { status: string; summary?: ImportResultsSummary; error?: string } | undefined;
  const jobs = {
    create: async ({ source }: { source: string }) => ({
      id: 7,
      status: 'running',
      source,
      startedBy: null,
      startedAt: now,
      updatedAt: now,
      finishedAt: null,
      progressDone: null,
      progressTotal: null,
      summary: null,
      error: null,
    }),
    progress: async (_id: number, _now: Date, p?: { done: number; total: number }) => {
      if (p) progress.push(p);
    },
    finish: async (_id: number, _now: Date, o: typeof outcome) => {
      outcome = o;
    },
  } as unknown as ImportJobsRepository;
  const matches = { listByCompetition: async () => [] } as unknown as MatchesRepository;
  const service = createResultsImportService({
    importFixtures,
    matches,
    jobs,
    clock: () => now,
    log: silent,
    progressEvery: { ms: 60_000, matches: 50 },
  });
  return { service, progress, outcome: () => outcome };
}

const everyMatch: ResultsImporter['importFixtures'] = async (_parsed, source, { onProgress } = {}) => {
  for (let done = 0; done <= 380; done++) await onProgress?.(done, 380);
  return seasonImportSummary({ source });
};

describe('an import job', () => {
  it('writes its progress every 50 matches (and at the start and the end), not every match', async () => {
    const { service, progress, outcome } = setUp(everyMatch);
    const job = await service.start(laliga, 1);
    expect(job).toMatchObject({ id: 7, status: 'running', progress: null });
    await service.settled(7);
    expect(progress.map((p) => p.done)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 380]);
    expect(outcome()).toMatchObject({
      status: 'succeeded',
      summary: { matchesSeen: 380, changes: [], changesTruncated: false },
    });
  });

  it('fails with a Spanish message, never the internals of an unexpected error', async () => {
    const { service, outcome } = setUp(async () => {
      throw new Error('connection terminated: secret detail');
    });
    await service.start(laliga, 1);
    await service.settled(7);
    expect(outcome()).toEqual({ status: 'failed', error: 'No se pudo completar la importación.' });
  });
});
