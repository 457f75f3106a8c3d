import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseOf, serverNodeArgs, serverNodeArgsFor } from './server-entry.mjs';

const command = (args: string[]) => `node ${args.join(' ')}`;

describe('the server is started with the same node arguments everywhere, per database', () => {
  it('npm start (the embedded database) runs what the tests, the benchmarks and the demo run without DATABASE_URL', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(serverNodeArgs).toEqual(serverNodeArgsFor('pglite'));
    expect(scripts.start).toContain(command(serverNodeArgs));
  });

  it('the systemd unit (PostgreSQL) runs what deploy/run-local.ts and the tests run with DATABASE_URL', () => {
    expect(readFileSync('deploy/systemd/quiniela@.service', 'utf8')).toContain(`/usr/bin/${command(serverNodeArgsFor('postgres'))}`);
  });

  it('tells the database from DATABASE_URL, as the server does', () => {
    expect(databaseOf({})).toBe('pglite');
    expect(databaseOf({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/q' })).toBe('postgres');
  });
});
