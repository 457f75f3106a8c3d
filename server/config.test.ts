import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadEnvFile } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'pglite') });
    expect(config.admin).toBeNull();
    expect(config.rateLimits.signInFailures).toEqual({ max: 10, windowMs: 15 * 60_000 });
    expect(config.rateLimits.authPerIp).toEqual({ max: 100, windowMs: 60_000 });
  });

  it('switches to PostgreSQL with a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', PORT: '4000' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/q', poolSize: 10 });
    expect(config.port).toBe(4000);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, two connections at least', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads the admin bootstrap pair and lower-cases the e-mail', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'muy-secreta' }).admin).toEqual({
      email: 'admin@example.com',
      password: 'muy-secreta',
    });
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
