// API throughput of hot reads (GET /api/matches, a pool ranking, the lists a user opens on every start: joined and
// owned pools, their picks, a pool's detail) and of the write everyone makes on a Saturday
// evening (POST /api/predictions, a new pick each request) as a ratio to a bare
// node:http server returning the same bytes, measured in the same run: once with the body
// alone (issue 9's baseline), once with the app's response headers too (the same response).
// Bare and app runs alternate, a few seconds each, over several rounds: every ratio compares runs seconds apart,
// so a neighbour's load moves both sides of it, and the median round is reported with the range.
// Also reports the app server's peak resident memory, and what a list costs when its user's version has just moved
// (uncached: read after a pool edit) next to a cached read, one request at a time. BENCH_DATABASE_URL=postgres://… adds a PostgreSQL run.
//   npm run bench:api        (BENCH_ROUNDS=5 rounds of BENCH_SECONDS=3 s per server by default; BENCH_ONLY narrows it)
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Pool, SignInResponse } from '#contract/index';
import { freePort } from '../tests/support/server-process.ts';
import { benchServerArgs, buildServerIfNeeded, fmt, percentilesOf, post, serverDatabases, serverProcessEnv, start, waitFor } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** BENCH_ONLY=ranking,predictions: only the endpoints whose label holds one of these words (all by default). */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
/** Where the bare server answers with the app's headers too (bench/bare-server.ts). */
const SAME_RESPONSE_PREFIX = '/same-response';
/** Headers about the connection or the message framing, which the bare server sets itself. */
const perConnectionHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const CONNECTIONS = 32;
/**
 * Players in the bench pool and matches open for them; the players also play PICK_POOLS - 1 more pools of the same
 * matches, so that every pick the write rounds send is a new one: a quiet machine writes a few thousand picks a second,
 * and a warm-up and five 3 s rounds need tens of thousands. The ranking and the lists read the first pool only, whose
 * size is the one earlier runs measured (82 members).
 */
const PLAYERS = 80;
const MATCHES = 600;
const PICK_POOLS = 5;
/** Sign-ups sent at once while the bench sets up (each is a password hash on the server). */
const SIGN_UPS_AT_ONCE = 8;
/** Picks of the user who reads the lists (a season's first weeks), and sequential reads per uncached round. */
const READER_PICKS = 30;
const LATENCY_READS = 20;

/** Peak resident set size (VmHWM) of a process, in MB. */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** CPU time (user + system) a process has used so far, in µs, at the kernel's 10 ms resolution. */
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

/**
 * CPU time all local PostgreSQL processes have used so far, in µs: on PostgreSQL a write's work is partly theirs, which
 * the app server's own figure leaves out. Counts every database of the local service (a quiet machine's are idle).
 */
const postgresCpuMicros = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .reduce((sum, pid) => {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return sum;
        return sum + cpuMicros(Number(pid));
      } catch {
        return sum; // gone meanwhile
      }
    }, 0);

/**
 * Requests per second, p99, and the server's CPU per request: steadier than req/s on a shared machine,
 * where neighbours take CPU from the server and from autocannon alike.
 */
async function load(url: string, serverPid: number, token?: string, write?: NextPick) {
  const cpuBefore = cpuMicros(serverPid);
  const databaseCpuBefore = postgresCpuMicros();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // A write sends a new pick each time (another player or another match): a repeat would be a 409.
    ...(write
      ? {
          requests: [
            {
              method: 'POST' as const,
              setupRequest: (request: autocannon.Request) => {
                const { token: player, body } = write();
                return {
                  ...request,
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${player}` },
                  body,
                };
              },
            },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: (cpuMicros(serverPid) - cpuBefore) / result.requests.total,
    postgresCpuPerRequest: (postgresCpuMicros() - databaseCpuBefore) / result.requests.total,
  };
}

type Load = Awaited<ReturnType<typeof load>>;
/** The next pick to send: a player's token and the request body. */
type NextPick = () => { token: string; body: string };

const targets = serverDatabases('quiniela-bench-api-');

buildServerIfNeeded();
for (const target of targets) {
  const database = await target.open();
  const [appPort, barePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${appPort}`;
  const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
  const app = start(benchServerArgs(database.env), {
    ...serverProcessEnv,
    ...database.env,
    PORT: String(appPort),
    LOG_LEVEL: 'warn',
    AUTH_IP_MAX_PER_MINUTE: '100000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  let bare: ChildProcess | undefined;
  try {
    await waitFor(`${base}/health`);
    const stamp = Date.now();
    const signUp = async (i: number) => {
      const email = `bench-${stamp}-${i}@example.com`;
      await post(base, '/auth/signup', { name: `Jugador ${i}`, email, password: 'bench-password' });
      return post<SignInResponse>(base, '/auth/signin', { email, password: 'bench-password' });
    };
    // Matches far ahead, so that every pick is open: PLAYERS × PICK_POOLS × MATCHES picks, more than every round sends.
    const boss = (await post<SignInResponse>(base, '/auth/signin', admin)).session.accessToken;
    const teams: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      teams.push((await post<{ data: { id: number } }>(base, '/api/teams', { name: `Bench ${stamp} ${i}` }, boss)).data.id);
    }
    const matchIds: number[] = [];
    for (let i = 0; i < MATCHES; i += 1) {
      const pair = i % 10;
      const body = {
        competition: `Bench ${stamp}`,
        weekNumber: 1 + Math.floor(i / 10),
        matchDate: new Date(Date.UTC(2099, 0, 1 + Math.floor(i / 10))).toISOString(),
        homeTeamId: teams[2 * pair],
        awayTeamId: teams[2 * pair + 1],
      };
      matchIds.push((await post<{ data: { id: number } }>(base, '/api/matches', body, boss)).data.id);
    }
    const owner = await signUp(0);
    const token = owner.session.accessToken;
    const code = 100000 + (stamp % 800000);
    const pickPools: Pool[] = [];
    for (let i = 0; i < PICK_POOLS; i += 1) {
      const body = {
        name: `Bench ${i + 1}`,
        maxParticipants: PLAYERS + 2,
        invitationCode: code + i,
        creatorId: owner.userProfile.id,
        // The bench's own competition, made above (a pool counts one: docs/decisions/036-a-pool-belongs-to-a-competition.md).
        competition: `Bench ${stamp}`,
        fromWeek: 1,
      };
      pickPools.push((await post<{ data: Pool }>(base, '/api/pools', body, token)).data);
    }
    const pool = pickPools[0]!;
    const players: SignInResponse[] = [];
    for (let first = 1; first <= PLAYERS; first += SIGN_UPS_AT_ONCE) {
      const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, PLAYERS + 1 - first) }, (_, i) => first + i);
      players.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const player = await signUp(i);
            for (const { invitationCode } of pickPools)
              await post(base, '/api/pools/join', { invitationCode, userId: player.userProfile.id }, player.session.accessToken);
            return player;
          }),
        )),
      );
    }

    // The lists are read by a member of the bench pool with picks of their own (not one of the players the write
    // rounds pick for), the owned pools by the pool's creator.
    const reader = await signUp(PLAYERS + 1);
    const readerToken = reader.session.accessToken;
    await post(base, '/api/pools/join', { invitationCode: code, userId: reader.userProfile.id }, readerToken);
    for (const matchId of matchIds.slice(0, READER_PICKS)) {
      await post(base, '/api/predictions', { prediction: 'home', userId: reader.userProfile.id, matchId, poolId: pool.id }, readerToken);
    }
    const lists = {
      'joined pools': `/api/pools/user/${reader.userProfile.id}/joined`,
      'owned pools': `/api/pools/user/${owner.userProfile.id}/owned`,
      'my predictions': `/api/predictions/user/${reader.userProfile.id}`,
      'pool detail': `/api/pools/${pool.id}`,
    };
    const tokenFor = (url: string) => (url === lists['owned pools'] ? token : Object.values(lists).includes(url) ? readerToken : token);

    let sent = 0;
    const nextPick: NextPick = () => {
      const player = players[sent % PLAYERS]!;
      const pickPool = pickPools[Math.floor(sent / PLAYERS) % PICK_POOLS]!;
      const matchId = matchIds[Math.floor(sent / (PLAYERS * PICK_POOLS))];
      sent += 1;
      if (matchId === undefined) throw new Error('bench:api ran out of distinct picks: raise PICK_POOLS');
      const body = { prediction: 'home', userId: player.userProfile.id, matchId, poolId: pickPool.id };
      return { token: player.session.accessToken, body: JSON.stringify(body) };
    };
    // The bare server answers a pick with the bytes of a real 201 (the first pick, sent here).
    const firstPick = nextPick();
    const pickResponse = await fetch(`${base}/api/predictions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${firstPick.token}`, 'accept-encoding': 'identity' },
      body: firstPick.body,
    });

    const paths = { matches: '/api/matches', ranking: `/api/leaderboard/pool/${pool.id}/ranking`, ...lists };
    const responses: Record<string, { body: string; headers: Record<string, string> }> = {
      '/api/predictions': {
        body: await pickResponse.text(),
        headers: Object.fromEntries([...pickResponse.headers].filter(([name]) => !perConnectionHeaders.has(name))),
      },
    };
    for (const url of Object.values(paths)) {
      // No Accept-Encoding, as autocannon sends none: the identity bytes and the headers that go with them.
      const res = await fetch(base + url, {
        headers: { authorization: `Bearer ${tokenFor(url)}`, 'accept-encoding': 'identity' },
      });
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !perConnectionHeaders.has(name)));
      responses[url] = { body: await res.text(), headers };
    }
    const bodiesFile = path.join(os.tmpdir(), `quiniela-bench-bodies-${process.pid}.json`);
    writeFileSync(bodiesFile, JSON.stringify(responses));
    bare = start(['--import', 'tsx', 'bench/bare-server.ts', bodiesFile, String(barePort), SAME_RESPONSE_PREFIX]);
    await waitFor(`http://127.0.0.1:${barePort}/`);

    console.log(
      `\n${target.label}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server, 127.0.0.1 (medians)`,
    );
    console.log(
      `  endpoint                  bytes   bare req/s   bare + headers req/s   app req/s   ratio (range)         ratio to same response   app p99   server CPU/request bare / app${
        target.label === 'PostgreSQL' ? '   PostgreSQL CPU/request' : ''
      }`,
    );
    const endpoints = [
      ...Object.entries(paths).map(([name, url]) => ({ label: `GET ${name}`, url, write: undefined })),
      { label: 'POST predictions', url: '/api/predictions', write: nextPick },
    ].filter(({ label }) => !ONLY || ONLY.some((part) => label.includes(part)));
    for (const { label, url, write } of endpoints) {
      await load(base + url, app.pid!, tokenFor(url), write); // warm-up: the JIT, and the cached answer
      const rounds: { baseline: Load; sameResponse: Load; measured: Load; ratio: number }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const baseline = await load(`http://127.0.0.1:${barePort}${url}`, bare.pid!);
        const sameResponse = await load(`http://127.0.0.1:${barePort}${SAME_RESPONSE_PREFIX}${url}`, bare.pid!);
        const measured = await load(base + url, app.pid!, tokenFor(url), write);
        rounds.push({ baseline, sameResponse, measured, ratio: measured.rps / baseline.rps });
      }
      const median = (pick: (round: (typeof rounds)[number]) => number) => percentilesOf(rounds.map(pick)).p50;
      const ratios = rounds.map((round) => round.ratio);
      const range = `${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}`;
      console.log(
        `  ${label.padEnd(24)} ${String(responses[url]!.body.length).padStart(7)}   ${fmt(
          median((r) => r.baseline.rps),
          0,
        ).padStart(10)}   ${fmt(
          median((r) => r.sameResponse.rps),
          0,
        ).padStart(20)}   ${fmt(
          median((r) => r.measured.rps),
          0,
        ).padStart(9)}   ${`${fmt(
          median((r) => r.ratio),
          2,
        )} (${range})`.padEnd(19)}   ${fmt(
          median((r) => r.measured.rps / r.sameResponse.rps),
          2,
        ).padStart(22)}   ${median((r) => r.measured.p99)} ms   ${fmt(
          median((r) => r.baseline.cpuPerRequest),
          0,
        )} / ${fmt(
          median((r) => r.measured.cpuPerRequest),
          0,
        )} µs${target.label === 'PostgreSQL' ? `   ${fmt(median((r) => r.measured.postgresCpuPerRequest), 0)} µs` : ''}`,
      );
    }

    // Uncached: each read follows an edit of the pool, which moves its creator's and every member's version (and a
    // cached read is the same request with no edit before it). One request at a time, rounds alternating.
    let edits = 0;
    const editPool = async () => {
      const res = await fetch(`${base}/api/pools/${pool.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ description: `Bench ${(edits += 1)}` }),
      });
      if (res.status !== 200) throw new Error(`PATCH pool answered ${res.status}`);
    };
    const readMs = async (url: string, afterEdit: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < LATENCY_READS; i += 1) {
        if (afterEdit) await editPool();
        const started = performance.now();
        const res = await fetch(base + url, { headers: { authorization: `Bearer ${tokenFor(url)}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - started);
      }
      return percentilesOf(times).p50;
    };
    console.log(`  uncached lists (${LATENCY_READS} reads a round, one at a time, median of ${ROUNDS} rounds (range)): cached ms, after a version move ms`);
    for (const [name, url] of Object.entries(lists)) {
      const cached: number[] = [];
      const uncached: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        cached.push(await readMs(url, false));
        uncached.push(await readMs(url, true));
      }
      const summary = (times: number[]) => `${fmt(percentilesOf(times).p50, 2)} (${fmt(Math.min(...times), 2)}–${fmt(Math.max(...times), 2)})`;
      console.log(`  GET ${name.padEnd(20)} cached ${summary(cached).padEnd(22)} uncached ${summary(uncached)}`);
    }
    console.log(`  app server peak resident memory: ${fmt(peakRssMb(app.pid!), 0)} MB`);
  } finally {
    bare?.kill('SIGKILL');
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    await database.close();
  }
}
