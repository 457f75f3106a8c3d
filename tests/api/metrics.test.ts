import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '#contract/index';
import { laligaFile } from '#tests/support/laliga';
import { createTestApp, type TestApp } from '#tests/support/test-app';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * GET /metrics: Prometheus's text format for whoever has METRICS_TOKEN, a 404 when none is configured. Requests are
 * counted by route pattern, the versioned caches by topic, results imports by trigger and outcome; the password hash
 * queue, the PostgreSQL pool and Node's process metrics are gauges read at scrape time.
 */
const token = 'prometheus-scrape-token-0123456789';
let t: TestApp;
let user: SignInResponse;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token } });
  user = await t.api.user();
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** A sample's value in the text format (0 when the series is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('is a 404 when no METRICS_TOKEN is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('is a 401 without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('quiniela_');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    const session = await t.injectAs(user.session.accessToken, { method: 'GET', url: '/metrics' });
    expect(session.statusCode).toBe(401);
  });

  it('answers the text format with requests counted by route pattern, not by URL', async () => {
    const { id } = await t.api.pool(user, { name: 'Medida' });
    expect((await t.injectAs(user.session.accessToken, { method: 'GET', url: `/api/pools/${id}` })).statusCode).toBe(200);
    expect((await t.injectAs(user.session.accessToken, { method: 'GET', url: '/api/pools/999999' })).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = res.body;
    expect(sample(text, 'quiniela_http_requests_total{method="GET",route="/api/pools/:id",status_class="2xx"}')).toBe(1);
    expect(sample(text, 'quiniela_http_requests_total{method="GET",route="/api/pools/:id",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'quiniela_http_requests_total{method="POST",route="/api/pools",status_class="2xx"}')).toBe(1);
    expect(sample(text, 'quiniela_http_request_duration_seconds_count{method="GET",route="/api/pools/:id",status_class="2xx"}')).toBe(1);
    expect(text).not.toContain(`/api/pools/${id}"`);
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
    // Node's process metrics and the password hash queue.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^quiniela_password_hashes_running \d+$/m);
    expect(text).toMatch(/^quiniela_password_hashes_waiting \d+$/m);
    // The connection pool is node-postgres's; PGlite has none (one connection, no queue it exposes).
    if (testDatabaseKind() === 'postgres') expect(text).toMatch(/^quiniela_db_pool_connections\{state="total"\} [1-9]/m);
    else expect(text).not.toContain('quiniela_db_pool_connections');
    expect(text).toContain('# TYPE quiniela_reminders_total counter');
  });

  it('counts cache misses and hits by topic: the second identical match list is a hit', async () => {
    const series = (result: string) => `quiniela_cache_lookups_total{topic="matches",result="${result}"}`;
    const before = await scrape();
    for (let i = 0; i < 2; i += 1) {
      expect((await t.injectAs(user.session.accessToken, { method: 'GET', url: '/api/matches' })).statusCode).toBe(200);
    }
    const after = await scrape();
    expect(sample(after, series('miss')) - sample(before, series('miss'))).toBe(1);
    expect(sample(after, series('hit')) - sample(before, series('hit'))).toBe(1);
    // Each signed-in request looks its session up in the accounts cache.
    expect(sample(after, 'quiniela_cache_lookups_total{topic="accounts",result="hit"}')).toBeGreaterThan(0);
  });

  it('counts results imports by trigger and outcome', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const laliga = await laligaFile();
    const res = await t.injectAs(admin.session.accessToken, {
      method: 'POST',
      url: '/api/admin/import-results',
      payload: { ...laliga, matches: laliga.matches.slice(0, 2) },
    });
    // The import runs as a job: counted once it has run.
    expect(res.statusCode).toBe(202);
    await t.app.importJobSettled(res.json().data.job.id);
    const text = await scrape();
    expect(sample(text, 'quiniela_results_import_runs_total{trigger="admin",result="ok"}')).toBe(1);
  });
});
