// Load test: 200 concurrent users sign in, read their pools and the ranking, and
// predict, for 60 s against one server on 127.0.0.1. Reports requests per second,
// p99 latency, errors and the server's peak memory. BENCH_DATABASE_URL adds a PostgreSQL run.
//   npm run bench:load     (BENCH_USERS=200 BENCH_SECONDS=60 by default; BENCH_NODE_ARGS adds node flags to the server)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Match, Pool, SignInResponse, Team } from '#contract/index';
import { benchServerArgs, buildServerIfNeeded, fmt, serverDatabases, serverProcessEnv } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = 3903;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'carga@example.com', password: 'clave-de-carga' };

async function request<T>(method: string, url: string, body?: object, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

// A new embedded database, and with BENCH_DATABASE_URL a scratch PostgreSQL database of its own (never the one named).
const targets = serverDatabases('quiniela-load-');

buildServerIfNeeded();
for (const target of targets) {
  const database = await target.open();
  const server = spawn(process.execPath, benchServerArgs(database.env), {
    env: { ...process.env, ...serverProcessEnv, ...database.env, PORT: String(PORT), LOG_LEVEL: 'warn', AUTH_IP_MAX_PER_MINUTE: '1000000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let up = false; !up; ) {
      up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    // Set-up (not measured): a pool per 20 users, 60 future matches to predict.
    const admin = (await request<SignInResponse>('POST', '/auth/signin', ADMIN)).data.session.accessToken;
    const [home, away] = (await request<{ data: Team[] }>('GET', '/api/teams', undefined, admin)).data.data;
    const stamp = Date.now();
    // One competition of the load's own, which every pool counts (docs/decisions/036-a-pool-belongs-to-a-competition.md).
    const competition = `carga-${stamp}`;
    const matches: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const match = await request<{ data: Match }>('POST', '/api/matches', { competition, round: `Carga ${i}`, weekNumber: 1, matchDate: '2099-06-01T18:00:00Z', homeTeamId: home!.id, awayTeamId: away!.id }, admin);
      matches.push(match.data.data.id);
    }
    const accounts = Array.from({ length: USERS }, (_, i) => ({ name: `Carga ${i}`, email: `carga-${stamp}-${i}@example.com`, password: 'clave-de-carga' }));
    for (const account of accounts) await request('POST', '/auth/signup', account);
    const pools: Pool[] = [];
    for (let i = 0; i < Math.ceil(USERS / 20); i += 1) {
      pools.push((await request<{ data: Pool }>('POST', '/api/pools', { name: `Carga ${i}`, maxParticipants: 50, invitationCode: 100000 + ((stamp + i) % 800000), creatorId: 1, competition, fromWeek: 1 }, admin)).data.data);
    }

    const latencies: number[] = [];
    let errors = 0;
    const timed = async (work: () => Promise<{ status: number }>, ok: (status: number) => boolean) => {
      const started = performance.now();
      try {
        const { status } = await work();
        if (!ok(status)) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    };
    const deadline = Date.now() + SECONDS * 1000;
    const user = async (index: number) => {
      const account = accounts[index]!;
      const pool = pools[index % pools.length]!;
      let token = '';
      let userId = 0;
      await timed(async () => {
        const res = await request<SignInResponse>('POST', '/auth/signin', { email: account.email, password: account.password });
        token = res.data.session.accessToken;
        userId = res.data.userProfile.id;
        return res;
      }, (s) => s === 200);
      await timed(() => request('POST', '/api/pools/join', { invitationCode: pool.invitationCode, userId }, token), (s) => s === 200);
      for (let round = 0; Date.now() < deadline; round += 1) {
        await timed(() => request('GET', `/api/pools/user/${userId}/joined`, undefined, token), (s) => s === 200);
        await timed(() => request('GET', `/api/leaderboard/pool/${pool.id}/ranking`, undefined, token), (s) => s === 200);
        await timed(() => request('GET', `/api/predictions/user/${userId}`, undefined, token), (s) => s === 200);
        const matchId = matches[round % matches.length]!;
        // A second pick of the same match is a correct 409; anything else is an error.
        await timed(() => request('POST', '/api/predictions', { prediction: 'home', userId, matchId, poolId: pool.id }, token), (s) => s === 201 || s === 409);
      }
    };
    const started = performance.now();
    await Promise.all(accounts.map((_, i) => user(i)));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    console.log(`\n${target.label}: ${USERS} concurrent users for ${fmt(elapsed, 0)} s`);
    console.log(`  requests ${latencies.length}, ${fmt(latencies.length / elapsed, 0)} req/s, p50 ${fmt(latencies[Math.floor(latencies.length / 2)] ?? 0)} ms, p99 ${fmt(p99)} ms, errors ${errors}`);
    console.log(`  server peak resident memory ${fmt(peak, 0)} MB`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await database.close();
  }
}
