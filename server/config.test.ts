import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadEnvFile } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'pglite'), lockWaitMs: 15_000 });
    expect(config.admin).toBeNull();
    expect(config.rateLimits.signInFailures).toEqual({ max: 10, windowMs: 15 * 60_000 });
    expect(config.rateLimits.authPerIp).toEqual({ max: 100, windowMs: 60_000 });
  });

  it('sends e-mail only with SMTP_URL, which needs MAIL_FROM; links point at the first of WEBAUTHN_ORIGINS', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:3000');
    const config = loadConfig({
      SMTP_URL: 'smtps://quiniela%40example.org:clave@smtp.example.org:465',
      MAIL_FROM: 'Quiniela <quiniela@example.org>',
      WEBAUTHN_ORIGINS: 'https://quiniela.example.org,https://www.quiniela.example.org',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://quiniela%40example.org:clave@smtp.example.org:465',
      from: 'Quiniela <quiniela@example.org>',
      pollSeconds: 10,
    });
    expect(config.publicOrigin).toBe('https://quiniela.example.org');
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.org', MAIL_FROM: 'q@example.org' })).toThrow(/SMTP_URL/);
  });

  it('switches to PostgreSQL with a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', PORT: '4000' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/q', poolSize: 10, pickBatchesAtOnce: 1 });
    expect(config.port).toBe(4000);
  });

  it('reads how long a start waits for another process to release the data folder', () => {
    expect(loadConfig({ DATA_DIR_LOCK_WAIT_SECONDS: '0' }).database).toMatchObject({ lockWaitMs: 0 });
    expect(loadConfig({ DATA_DIR_LOCK_WAIT_SECONDS: '30' }).database).toMatchObject({ lockWaitMs: 30_000 });
    expect(() => loadConfig({ DATA_DIR_LOCK_WAIT_SECONDS: '-1' })).toThrow(/DATA_DIR_LOCK_WAIT_SECONDS/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, two connections at least', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('writes one pick statement at a time unless PICK_BATCHES_AT_ONCE says more, always below the pool size', () => {
    const url = 'postgres://u@127.0.0.1:5432/q';
    expect(loadConfig({ DATABASE_URL: url, PICK_BATCHES_AT_ONCE: '4' }).database).toMatchObject({ pickBatchesAtOnce: 4 });
    expect(() => loadConfig({ DATABASE_URL: url, PICK_BATCHES_AT_ONCE: '10' })).toThrow(/PICK_BATCHES_AT_ONCE/);
    expect(() => loadConfig({ DATABASE_URL: url, PICK_BATCHES_AT_ONCE: '0' })).toThrow(/PICK_BATCHES_AT_ONCE/);
  });

  it('keeps a hundred of the demo pool’s 1,000 places for newcomers', () => {
    expect(loadConfig({ DEMO: 'true', DEMO_BOTS: '900' }).demo).toMatchObject({ bots: 900 });
    expect(() => loadConfig({ DEMO: 'true', DEMO_BOTS: '901' })).toThrow(/DEMO_BOTS.*at most 900/);
  });

  it('reads the admin bootstrap pair and lower-cases the e-mail', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'muy-secreta' }).admin).toEqual({
      email: 'admin@example.com',
      password: 'muy-secreta',
    });
  });

  it('reads TRUST_PROXY as nobody, a number of hops, or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // The legacy value trusted every address the client wrote; now it is one hop.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses a TRUST_PROXY that is neither', () => {
    for (const value of ['yes', '-1', '1.5', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'nginx', '10.0.0.0/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(`TRUST_PROXY: must be false, a number of proxy hops, or a comma-separated list`);
    }
  });

  it('fails with a list of what is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('reads a .env file when there is one, the real environment winning', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quiniela-env-'));
    writeFileSync(path.join(dir, '.env'), 'QUINIELA_TEST_ONLY_FILE=del-fichero\nQUINIELA_TEST_BOTH=del-fichero\n');
    process.env.QUINIELA_TEST_BOTH = 'del-entorno';
    try {
      loadEnvFile(path.join(dir, '.env'));
      expect(process.env.QUINIELA_TEST_ONLY_FILE).toBe('del-fichero');
      expect(process.env.QUINIELA_TEST_BOTH).toBe('del-entorno');
      expect(() => loadEnvFile(path.join(dir, 'no-such.env'))).not.toThrow();
    } finally {
      delete process.env.QUINIELA_TEST_ONLY_FILE;
      delete process.env.QUINIELA_TEST_BOTH;
    }
  });
});
