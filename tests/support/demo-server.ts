import { spawn } from 'node:child_process';
import path from 'node:path';
import type { DemoServerApi } from './demo-server-api.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run demo` as a newcomer runs it (scripts/demo.ts: the built app on its own data folder, DEMO=true), on 127.0.0.1:
 * its results come from the app itself, so nothing leaves the machine. Resolves once the script says it is ready.
 */
async function startDemo({ port, dataDir, env }: { port: number; dataDir: string; env: Record<string, string> }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DEMO_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('DEMO en marcha')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`npm run demo did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin: `http://localhost:${port}`,
    output: () => output,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export default { startDemo } satisfies DemoServerApi;
