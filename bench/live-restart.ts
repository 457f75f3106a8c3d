// A restart with thousands of phones on the live channel (issue 38): N phones hold a pool's stream on one instance of
// the compiled server; it is stopped (SIGTERM) and started again on the same data and port, and every phone comes
// back as the app does (web/features/live/use-pool-live.ts, with the same functions of web/features/live/sse.ts):
//   - "the app": the stream's `closing` event gives a window, each phone waits a moment at random within it;
//   - "without the window" (the app before issue 38): each waits reconnectDelay(1), 0.5–1 s, after its stream ended;
// both back off the same way when a connection fails (the instance is still starting). Measured, per policy, in the
// same run: how long until every phone has its `ready` again (from the SIGTERM), the busiest second of attempts,
// the attempts that failed, and the instance's CPU while they came back.
//   npm run bench:live-restart   (BENCH_PHONES=5000 by default; 127.0.0.1 only)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Pool, SignInResponse } from '#contract/index';
import { freePort } from '../tests/support/server-process.ts';
import { serverNodeArgs } from '../scripts/server-entry.mjs';
import { closingDelay, createSseParser, reconnectDelay } from '../web/features/live/sse.ts';
import { buildServerIfNeeded, fmt, post, serverProcessEnv, start, waitFor } from './support.ts';

const PHONES = Number(process.env.BENCH_PHONES ?? 5000);
/** Streams opened at once while the phones first connect: more would overflow the listen backlog. */
const OPENING = 500;

type Policy = 'the app' | 'without the window';

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms on Linux). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quiniela-bench-restart-'));
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const startInstance = (): ChildProcess =>
  start(serverNodeArgs, {
    ...serverProcessEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // One account holds every stream, from one address: the per-user and per-address limits are lifted.
    LIVE_STREAMS_PER_USER: '1000000',
    LIVE_STREAMS_PER_ADDRESS: '1000000',
  });

/** What the phones saw, from the SIGTERM on. */
interface Tally {
  attempts: number[];
  failed: number;
  backAt: number[];
}

/**
 * One phone: opens the stream, and whenever it ends or fails opens it again after the policy's wait. `onReady` is
 * told of every `ready` (the stream is open).
 */
function phone(url: string, token: string, policy: () => Policy, tally: () => Tally | null, onReady: () => void) {
  let failures = 0;
  let stopped = false;
  let request: http.ClientRequest | undefined;
  const connect = () => {
    if (stopped) return;
    tally()?.attempts.push(performance.now());
    let closingWait: number | null = null;
    let scheduled = false;
    // Whatever ended this attempt (the stream's end, a refusal, a failed connection), the next is scheduled once.
    const again = (failed: boolean) => {
      if (stopped || scheduled) return;
      scheduled = true;
      if (failed) {
        failures += 1;
        const t = tally();
        if (t) t.failed += 1;
      }
      setTimeout(connect, closingWait ?? reconnectDelay(Math.max(1, failures)));
    };
    request = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return again(true);
      }
      response.setEncoding('utf8');
      const parse = createSseParser(({ data }) => {
        const event = JSON.parse(data) as { kind: string; reconnectWithinMs?: number };
        if (event.kind === 'ready') {
          failures = 0;
          onReady();
        }
        if (event.kind === 'closing' && policy() === 'the app') closingWait = closingDelay(event.reconnectWithinMs ?? 0);
      });
      response.on('data', parse);
      response.on('error', () => {});
      response.on('close', () => again(false));
    });
    request.on('error', () => again(true));
  };
  connect();
  return () => {
    stopped = true;
    request?.destroy();
  };
}

buildServerIfNeeded();
let instance = startInstance();
const stops: (() => void)[] = [];
try {
  await waitFor(`${base}/health`);
  const boss = await post<SignInResponse>(base, '/auth/signin', admin);
  const token = boss.session.accessToken;
  const { data: pool } = await post<{ data: Pool }>(
    base,
    '/api/pools',
    { name: 'Bench reinicio', maxParticipants: 10, invitationCode: 100000 + Math.floor(Math.random() * 900000), creatorId: boss.userProfile.id },
    token,
  );
  const url = `${base}/api/live/pool/${pool.id}`;

  let policy: Policy = 'the app';
  let tally: Tally | null = null;
  let readies = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  const onReady = () => {
    readies += 1;
    tally?.backAt.push(performance.now());
    if (waiting && readies >= waiting.count) waiting.resolve();
  };
  const readyCount = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = { count, resolve };
      if (readies >= count) resolve();
    });

  // The phones connect, OPENING at a time.
  const firstFrom = performance.now();
  for (let from = 0; from < PHONES; from += OPENING) {
    const batch = Math.min(OPENING, PHONES - from);
    for (let i = 0; i < batch; i += 1) stops.push(phone(url, token, () => policy, () => tally, onReady));
    await readyCount(from + batch);
  }
  console.log(`${PHONES} phones connected in ${fmt((performance.now() - firstFrom) / 1000)} s`);

  console.log(`A restart of the instance holding ${PHONES} streams (one instance, PGlite):`);
  console.log('| policy | every phone back | busiest second | attempts | failed | instance CPU while they came back |');
  console.log('|---|---|---|---|---|---|');
  for (const run of ['without the window', 'the app'] as const) {
    policy = run;
    tally = { attempts: [], failed: 0, backAt: [] };
    const target = readies + PHONES;
    const stoppedAt = performance.now();
    instance.kill('SIGTERM');
    await new Promise((resolve) => instance.once('exit', resolve));
    instance = startInstance();
    await waitFor(`${base}/health`);
    const cpuFrom = cpuMs(instance.pid!);
    await readyCount(target);
    const allBack = (performance.now() - stoppedAt) / 1000;
    const cpu = cpuMs(instance.pid!) - cpuFrom;
    const perSecond = new Map<number, number>();
    for (const at of tally.attempts) {
      const second = Math.floor((at - stoppedAt) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    const busiest = Math.max(...perSecond.values());
    console.log(
      `| ${run} | ${fmt(allBack)} s | ${busiest} attempts | ${tally.attempts.length} | ${tally.failed} | ${fmt(cpu / 1000)} s |`,
    );
    // Settled: the next run starts from every phone connected and quiet.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
} finally {
  for (const stop of stops) stop();
  instance.kill('SIGTERM');
}
