import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from './server-entry.mjs';

const command = `node ${serverNodeArgs.join(' ')}`;

describe('the server is started with the same node arguments everywhere', () => {
  it('npm start runs what the tests, the benchmarks and deploy/run-local.ts run', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toContain(command);
  });

  it('the systemd unit runs it too', () => {
    expect(readFileSync('deploy/systemd/quiniela@.service', 'utf8')).toContain(`/usr/bin/${command}`);
  });
});
