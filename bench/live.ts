// One result reaching 1,000 and 10,000 open live connections (GET /api/live/pool/{id}) on one instance of the
// compiled server, against a bare node:http server-sent events fan-out (bench/bare-sse.ts) holding as many streams,
// both measured in the same run:
//   - the time from the admin's PATCH of a result until the last stream has its event (the bare server: from a POST
//     that makes it write one event to every stream), median of ROUNDS, as a multiple of the bare server's;
//   - the memory each open stream adds to the server's resident set;
//   - what opening a stream costs: wall time and the server's CPU per stream while `count` streams open, OPENING at
//     a time (what a crowd of phones reconnecting after a deploy meets).
//   npm run bench:live   (BENCH_LIVE_CONNECTIONS=1000,10000 by default; 127.0.0.1 only)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Match, Pool, SignInResponse, Team } from '#contract/index';
import { freePort } from '../tests/support/server-process.ts';
import { serverNodeArgs } from '../scripts/server-entry.mjs';
import { buildServerIfNeeded, fmt, post, serverProcessEnv, start, waitFor } from './support.ts';

const SIZES = (process.env.BENCH_LIVE_CONNECTIONS ?? '1000,10000').split(',').map(Number);
const ROUNDS = 3;

/** Resident set size of a process now, in MB. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms on Linux). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Streams opened at once: more would overflow the listen backlog of either server. */
const OPENING = 500;

/**
 * `count` streams held open, each resolved at its first event; `waitAll(n)` settles once every stream has received
 * `n` match events (a result also moves the ranking, whose event is not counted).
 */
async function openStreams(url: string, count: number, token?: string) {
  const seen: number[] = [];
  const requests: http.ClientRequest[] = [];
  let waiters: { n: number; resolve: () => void }[] = [];
  const check = () => {
    waiters = waiters.filter((w) => (seen.every((s) => s >= w.n) ? (w.resolve(), false) : true));
  };
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      seen.push(0);
      const request = http.get(url, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream ${i}: ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          // Heartbeats are comments (": …"); the first event is "ready".
          const lines = chunk.split('\n').filter((line) => line.startsWith('data:'));
          if (lines.length === 0) return;
          resolve();
          seen[i]! += lines.filter((line) => line.includes('"kind":"match"')).length;
          check();
        });
      });
      request.on('error', reject);
      requests.push(request);
    });
  for (let from = 0; from < count; from += OPENING) {
    await Promise.all(Array.from({ length: Math.min(OPENING, count - from) }, (_, k) => open(from + k)));
  }
  return {
    waitAll: (n: number) => new Promise<void>((resolve) => (waiters.push({ n, resolve }), check())),
    close: () => requests.forEach((r) => r.destroy()),
  };
}

/** Times `fire` until every stream has its next event, ROUNDS times; the memory the streams added. */
async function measure(pid: number, url: string, count: number, fire: (round: number) => Promise<void>, token?: string) {
  const before = rssMb(pid);
  const [cpuBefore, openedFrom] = [cpuMs(pid), performance.now()];
  const streams = await openStreams(url, count, token);
  const openMs = (performance.now() - openedFrom) / count;
  const openCpuMs = (cpuMs(pid) - cpuBefore) / count;
  const perStreamKb = ((rssMb(pid) - before) * 1024) / count;
  const times: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const t0 = performance.now();
      await fire(round);
      await streams.waitAll(round);
      times.push(performance.now() - t0);
    }
  } finally {
    streams.close();
  }
  return { ms: median(times), range: [Math.min(...times), Math.max(...times)] as const, perStreamKb, openMs, openCpuMs };
}

async function request<T>(base: string, method: string, url: string, token: string, body?: object): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

buildServerIfNeeded();
const [appPort, barePort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${appPort}`;
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const processes: ChildProcess[] = [
  start(serverNodeArgs, {
    ...serverProcessEnv,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quiniela-bench-live-')),
    PORT: String(appPort),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // One account holds every stream here, from one address: the per-user and per-address limits (which a real
    // crowd never meets: one phone, one stream) are lifted; the ceiling stays the descriptor limit's.
    LIVE_STREAMS_PER_USER: '1000000',
    LIVE_STREAMS_PER_ADDRESS: '1000000',
  }),
  start(['--import', 'tsx', 'bench/bare-sse.ts', String(barePort)]),
];
const [app, bare] = processes as [ChildProcess, ChildProcess];
try {
  await Promise.all([waitFor(`${base}/health`), waitFor(`http://127.0.0.1:${barePort}/health`)]);
  const boss = await post<SignInResponse>(base, '/auth/signin', admin);
  const token = boss.session.accessToken;
  const { data: teams } = await request<{ data: Team[] }>(base, 'GET', '/api/teams', token);
  const competition = `bench-live-${Date.now()}`;
  // Kicked off an hour ago and still without a result: the PATCHes below each give it a new score.
  const { data: match } = await request<{ data: Match }>(base, 'POST', '/api/matches', token, {
    competition,
    round: 'Jornada 1',
    weekNumber: 1,
    matchDate: new Date(Date.now() - 3_600_000).toISOString(),
    homeTeamId: teams[0]!.id,
    awayTeamId: teams[1]!.id,
  });
  const { data: pool } = await request<{ data: Pool }>(base, 'POST', '/api/pools', token, {
    name: 'Bench en directo',
    maxParticipants: 10,
    invitationCode: 100000 + Math.floor(Math.random() * 900000),
    creatorId: boss.userProfile.id,
    competition,
    fromWeek: 1,
  });

  console.log(`Live channel, one instance (PGlite), ${ROUNDS} results per size, median (fastest–slowest):`);
  for (const count of SIZES) {
    const bareRun = await measure(bare.pid!, `http://127.0.0.1:${barePort}/`, count, async () => {
      await fetch(`http://127.0.0.1:${barePort}/fire`, { method: 'POST' });
    });
    // Each round is a new score: a result the database announces (a score that did not change sends nothing).
    const appRun = await measure(
      app.pid!,
      `${base}/api/live/pool/${pool.id}`,
      count,
      async (round) => {
        await request(base, 'PATCH', `/api/matches/${match.id}`, token, { status: 'finished', scoreHome: round, scoreAway: 0 });
      },
      token,
    );
    const line = (label: string, run: typeof appRun) =>
      `  ${label.padEnd(32)} ${fmt(run.ms).padStart(9)} ms (${fmt(run.range[0])}–${fmt(run.range[1])})   ${fmt(run.perStreamKb)} KB per stream`;
    console.log(`${count} open streams`);
    console.log(line('bare node:http fan-out', bareRun));
    console.log(`${line('app: PATCH result → last stream', appRun)}   ×${fmt(appRun.ms / bareRun.ms)} of bare`);
    const opening = (label: string, run: typeof appRun) =>
      `  ${label.padEnd(32)} ${fmt(run.openMs).padStart(9)} ms wall, ${fmt(run.openCpuMs)} ms of server CPU per stream`;
    console.log(opening('bare: opening', bareRun));
    console.log(`${opening('app: opening', appRun)}   ×${fmt(appRun.openMs / bareRun.openMs)} of bare (wall)`);
  }
} finally {
  for (const child of processes) child.kill('SIGTERM');
}
