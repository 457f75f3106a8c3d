import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ResultsImportSummary } from '#contract/index';
import { messages } from '#contract/index';
import { hashQueue } from '../modules/accounts/passwords.ts';
import type { MailTickSummary } from '../modules/mail/mail-worker.ts';
import type { TickSummary } from '../modules/reminders/reminder-scheduler.ts';
import type { CacheLabel } from '../lib/data-versions.ts';
import { sendError } from './error-handler.ts';

/** The path Prometheus scrapes; it is left out of the request metrics. */
export const METRICS_PATH = '/metrics';

/** Request durations: the API answers in milliseconds; a ranking recomputation or an import takes seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * One app instance's metrics, in its own registry (not prom-client's global one: the API tests build many apps in
 * one process, and each must count only its own requests). Built only when METRICS_TOKEN is set.
 */
export function createMetrics({
  poolStats,
  mailQueued,
}: {
  poolStats?: () => PoolStats;
  /** Rows of the mail outbox waiting to be sent (all instances'); only on a server that sends mail. */
  mailQueued?: () => Promise<number>;
} = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <const L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter({ name, help, labelNames, registers });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = counter('quiniela_http_requests_total', 'HTTP requests answered, by route pattern', labelNames);
  const durations = new Histogram({
    name: 'quiniela_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const cacheLookups = counter(
    'quiniela_cache_lookups_total',
    'Lookups in the in-memory caches keyed by data version (sessions: accounts, match list: matches, rankings: standings, the lists of each user: users)',
    ['topic', 'result'],
  );
  const reminders = counter(
    'quiniela_reminders_total',
    'Match reminder and "Hora confirmada" pushes handled by this instance: delivered, failed (refused or unanswered), dropped (too late, or the match kicked off), subscription_removed (404/410)',
    ['outcome'],
  );
  const reminderTicks = counter('quiniela_reminder_ticks_total', 'Reminder scheduler runs', ['result']);
  const mail = counter(
    'quiniela_mail_total',
    'E-mails this instance handed to the relay: sent, retried (refused for now or never transmitted: queued again), failed (given up on, the uncertain ones included), uncertain (cut while transmitting: not sent again), dropped (nothing left to say)',
    ['outcome'],
  );
  const mailRounds = counter('quiniela_mail_rounds_total', 'Mail worker runs', ['result']);
  if (mailQueued) {
    new Gauge({
      name: 'quiniela_mail_queued',
      help: 'E-mails in the outbox waiting to be sent or retried, every instance\'s',
      registers,
      async collect() {
        this.set(await mailQueued());
      },
    });
  }
  const importRuns = counter(
    'quiniela_results_import_runs_total',
    'Results imports: trigger pull (poller or "Actualizar Resultados") or admin (POST /api/admin/import-results); result ok or error',
    ['trigger', 'result'],
  );
  const importedMatches = counter('quiniela_results_import_matches_total', 'Matches changed by results imports', [
    'change',
  ]);
  new Gauge({
    name: 'quiniela_password_hashes_running',
    help: 'scrypt password hashes running now',
    registers,
    collect() {
      this.set(hashQueue().running);
    },
  });
  new Gauge({
    name: 'quiniela_password_hashes_waiting',
    help: 'scrypt password hashes waiting for a slot',
    registers,
    collect() {
      this.set(hashQueue().waiting);
    },
  });
  if (poolStats) {
    new Gauge({
      name: 'quiniela_db_pool_connections',
      help: 'PostgreSQL pool clients: total (open), idle, waiting (queries waiting for a client)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return {
    registry,
    cacheLookup(topic: CacheLabel, hit: boolean) {
      cacheLookups.inc({ topic, result: hit ? 'hit' : 'miss' });
    },
    reminderTick(summary: TickSummary | null) {
      reminderTicks.inc({ result: summary ? 'ok' : 'error' });
      if (!summary) return;
      reminders.inc({ outcome: 'delivered' }, summary.delivered);
      reminders.inc({ outcome: 'failed' }, summary.failed);
      reminders.inc({ outcome: 'dropped' }, summary.dropped + summary.notices.dropped);
      reminders.inc({ outcome: 'subscription_removed' }, summary.removedSubscriptions);
    },
    mailTick(summary: MailTickSummary | null) {
      mailRounds.inc({ result: summary ? 'ok' : 'error' });
      if (!summary) return;
      for (const outcome of ['sent', 'retried', 'failed', 'uncertain', 'dropped'] as const) mail.inc({ outcome }, summary[outcome]);
    },
    /** `run`, counted: each call is one import run of `trigger`. */
    countImports<A extends unknown[], S extends ResultsImportSummary>(
      trigger: 'pull' | 'admin',
      run: (...args: A) => Promise<S>,
    ) {
      return async (...args: A): Promise<S> => {
        try {
          const summary = await run(...args);
          importRuns.inc({ trigger, result: 'ok' });
          importedMatches.inc({ change: 'updated' }, summary.updated);
          importedMatches.inc({ change: 'created' }, summary.created);
          return summary;
        } catch (error) {
          importRuns.inc({ trigger, result: 'error' });
          throw error;
        }
      };
    },
    /** Counts every answered request by route pattern (never the raw URL: ids would make a series each). */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route === METRICS_PATH) return;
        const labels = { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for `Authorization: Bearer <METRICS_TOKEN>` only. Without a token
 * configured it is a 404, as for any unknown path (and no metrics are collected at all).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics | null; token: string | null },
) {
  // Hashes have equal lengths, so the comparison takes the same time whatever the guess.
  const expected = token ? digest(token) : null;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !expected) return sendError(reply, 404, messages.routeNotFound);
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 401, messages.unauthenticated);
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
