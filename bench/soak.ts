// The soak of issue 35: `npm run demo`'s machinery (server/modules/demo/, docs/decisions/067) with 1,000 bot players,
// the whole World Cup 2026 (104 matches, 34 match days) replayed on a compressed timetable, on 127.0.0.1 only.
//   npm run bench:soak   (BENCH_SOAK_BOTS=1000, BENCH_SOAK_DAY_SECONDS=11, BENCH_SOAK_START_SECONDS=75,
//                         BENCH_SOAK_PUSH_EVERY=2, BENCH_SOAK_MAIL_EVERY=10, BENCH_SOAK_TIMEOUT_SECONDS=900)
//
// Two processes. The server is the app in-process (not the compiled bundle: the bench needs the demo's own counts),
// in a child of this one started with the compiled server's node flags and V8 settings (server/main.ts,
// scripts/server-entry.mjs) under tsx, on PGlite, DEMO=true: it sets up the demo pool and its bots, whose picks go
// through the predictions service (not HTTP), and its results come through the poller, the football-data.org adapter
// and the importer, from the demo's own feed on 127.0.0.1. This process is everything outside the server: a real SMTP
// server (tests/support/smtp-server.ts) as SMTP_URL, a Web Push service over https with a certificate the server is
// told to trust (tests/support/push-service.ts), and the players' side: every BENCH_SOAK_PUSH_EVERY-th bot saves a
// push subscription through the API (POST /api/push/subscriptions, with a browser's keys, so every push is decrypted
// here), every BENCH_SOAK_MAIL_EVERY-th bot turns both e-mail reminders on (PUT /api/notification-settings; their
// addresses are marked confirmed in the database, as bots cannot follow a confirmation link).
//
// At the end it prints the figures and checks, exiting 1 if one fails (or when the hard timeout kills the server):
//   - the whole run, from the server's start until the last push and e-mail went out, in under 10 minutes;
//   - every World Cup match finished with its real 90-minute score;
//   - no pick lost: the predictions stored equal the picks the demo's bots made (its count), none refused, and every
//     bot picked every match;
//   - every pool's stored standings and jornada standings equal a recompute from all picks (the app's own
//     `standings.recompute`, compared row by row, after the server stopped);
//   - every claimed push (`pool_pushes`) reached the push service exactly once and nothing else did; every subscribed
//     bot had a jornada result for every jornada;
//   - every e-mail of the outbox was sent, each received exactly once by the SMTP server under its Message-ID, none
//     pending, failed or dropped; every mail bot had a jornada summary for every jornada;
//   - the server's peak RSS and CPU (process.resourceUsage() in the server process, before the checks).
// Not exercised: HTTP clients reading the app (no page loads, no live streams open, no rankings read by players), picks
// through the HTTP API, favourites' reminders and "Hora confirmada" notices (no bot has favourites), PostgreSQL.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { serverNodeArgs } from '../scripts/server-entry.mjs';

const BOTS = Number(process.env.BENCH_SOAK_BOTS ?? 1000);
const DAY_SECONDS = Number(process.env.BENCH_SOAK_DAY_SECONDS ?? 11);
const START_SECONDS = Number(process.env.BENCH_SOAK_START_SECONDS ?? 75);
const PUSH_EVERY = Number(process.env.BENCH_SOAK_PUSH_EVERY ?? 2);
const MAIL_EVERY = Number(process.env.BENCH_SOAK_MAIL_EVERY ?? 10);
const TIMEOUT_MS = Number(process.env.BENCH_SOAK_TIMEOUT_SECONDS ?? 900) * 1000;
/** The issue's bound: the whole tournament, from the server's start until everything it had to send went out. */
const LIMIT_MS = 10 * 60_000;
/** After the final's whistle: how long the last result, pushes and e-mails may take to arrive before the run fails. */
const SETTLE_MS = 120_000;
const WORLD_CUP = 'worldcup-2026';

/** A bot the harness subscribes: its id, a session to call the API as it, and whether it also wants e-mail. */
interface Player {
  userId: number;
  token: string;
  mail: boolean;
}

/** What the server tells the harness once the demo is set up. */
interface Ready {
  type: 'ready';
  port: number;
  poolId: number;
  bots: number;
  setupMs: number;
  firstKickoff: string;
  finalWhistle: string;
  players: Player[];
}

interface Usage {
  cpuMs: number;
  maxRssMb: number;
}

/** The server's report, after the tournament and its checks of the database. */
interface Report {
  type: 'report';
  /** From the server process's start. */
  times: { readyMs: number; lastResultMs: number; settledMs: number; settledInTime: boolean };
  finalWhistleMs: number;
  firstKickoffMs: number;
  usage: { setup: Usage; end: Usage; rssAtEndMb: number; heapUsedMb: number };
  results: {
    matches: number;
    finished: number;
    wrongScores: string[];
    /** Result changes the import stored (live scores and final results), and how long after each replayed whistle its final result was stored. */
    changes: number;
    lagMs: { median: number; p90: number; max: number };
  };
  picks: { made: number; refused: number; rows: number; expected: number; botsShort: number };
  standings: { pools: number; rows: number; differing: number; roundRows: number; roundDiffering: number; recomputeMs: number };
  pushes: { rows: { userId: number; poolId: number; kind: string; weekNumber: number }[]; subscribed: number; weeks: number; jornadaResultsShort: number };
  mails: {
    rows: { id: number; kind: string; status: string; messageId: string | null; recipient: string }[];
    mailBots: number;
    summariesShort: number;
  };
  progress: string[];
}

type FromServer = Ready | Report;

/** support.ts's `fmt`, not imported: the server process loads nothing the app does not (support.ts brings pg). */
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const mb = (kb: number) => kb / 1024;
const usageNow = (): Usage => {
  const usage = process.resourceUsage();
  return { cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: mb(usage.maxRSS) };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The server: the app as server/main.ts starts it, with the demo on, in this child process.
// ---------------------------------------------------------------------------------------------------------------
async function server() {
  const processStart = performance.now() - process.uptime() * 1000;
  const since = () => performance.now() - processStart;
  // What server/main.ts sets before PGlite's module is compiled: the server as it runs.
  v8.setFlagsFromString('--heap-growing-percent=50');
  v8.setFlagsFromString('--liftoff-only');
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('#server/app');
  const { loadConfig } = await import('#server/config');
  const { openPglitePath, queryRows } = await import('#server/db/client');
  const { seedFootballData } = await import('#server/db/seed/seed');

  // Resolved once the message is written: the report is large, and a channel disconnected before would drop it.
  const send = (message: FromServer) => new Promise<void>((resolve, reject) => process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())));
  const subscribed = new Promise<void>((resolve) => process.on('message', (message: { type: string }) => message.type === 'subscribed' && resolve()));

  const env = JSON.parse(process.env.BENCH_SOAK_SERVER_ENV!) as Record<string, string>;
  // The demo's pool filled to its 1,000 places, past DEMO_BOTS's limit (which keeps 100 for newcomers: none come here).
  const loaded = loadConfig(env);
  const config = { ...loaded, demo: { ...loaded.demo!, bots: BOTS } };
  // The seeded copy the build makes (scripts/build-server.mjs), as a first start of the compiled server uses it;
  // without one, the seed below fills the new folder.
  const template = path.resolve('dist/server/pglite-seeded');
  const database = await openPglitePath(env.DATA_DIR!, 0, existsSync(template) ? template : undefined);
  await database.migrate();
  const app = await buildApp({ config, database, outbound: { ca: readFileSync(process.env.BENCH_SOAK_PUSH_CA!) } });
  const { services } = app;
  await seedFootballData(services);
  await services.refreshStatistics();
  const { db } = database;
  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);

  // The demo's set-up (its pool, its bots) before listening, as server/main.ts does it; listening then starts the
  // bots, who pick the first day.
  const listenFrom = performance.now();
  await services.demo!.start();
  await app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
  const setupMs = performance.now() - listenFrom;
  const readyMs = since();
  const readyWall = Date.now();
  const setupUsage = usageNow();
  const demo = services.demo!;
  const pool = demo.pool()!;
  const timetable = demo.timetable();
  const bots = demo.bots();
  const firstKickoff = Math.min(...timetable.map((m) => m.kickoff.getTime()));
  const finalWhistle = Math.max(...timetable.map((m) => m.end.getTime()));
  const wallToSince = (wall: number) => readyMs + (wall - readyWall);

  // The bots the harness subscribes: a session each (as the demo's guests get one), and a confirmed address for those
  // who want e-mail (a bot cannot follow the confirmation link).
  const expiresAt = new Date(Date.now() + 24 * 3_600_000);
  const players: Player[] = [];
  for (const [index, bot] of bots.entries()) {
    if (index % PUSH_EVERY !== 0 && index % MAIL_EVERY !== 0) continue;
    players.push({ userId: bot.id, token: await services.repositories.sessions.create(bot.id, expiresAt), mail: index % MAIL_EVERY === 0 });
  }
  const mailIds = players.filter((p) => p.mail).map((p) => p.userId);
  if (mailIds.length > 0) {
    await db.execute(sql`update users set email_confirmed_at = now() where id in (${sql.join(mailIds.map((id) => sql`${id}`), sql`, `)})`);
  }
  await send({
    type: 'ready',
    port: Number(env.PORT),
    poolId: pool.poolId,
    bots: bots.length,
    setupMs,
    firstKickoff: new Date(firstKickoff).toISOString(),
    finalWhistle: new Date(finalWhistle).toISOString(),
    players,
  });
  await subscribed;

  const progress: string[] = [];
  const note = (line: string) => {
    progress.push(line);
    console.log(`  [${fmt(since() / 1000, 0)} s] ${line}`);
  };
  const snapshot = async () => {
    const [finished, picks, pushes, mailsSent, mailsWaiting] = await Promise.all([
      count(sql`select count(*)::int as n from matches where competition = ${WORLD_CUP} and status = 'finished'`),
      count(sql`select count(*)::int as n from predictions where pool_id = ${pool.poolId}`),
      count(sql`select count(*)::int as n from pool_pushes`),
      count(sql`select count(*)::int as n from mail_outbox where status = 'sent'`),
      count(sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`),
    ]);
    return { finished, picks, pushes, mailsSent, mailsWaiting };
  };

  // The tournament: until every World Cup match has its result, or too long after the final's whistle.
  const deadline = finalWhistle + SETTLE_MS;
  let lastLine = 0;
  let lastResultMs = Number.NaN;
  // The bench's own queries share the server's one connection: a count a second, the whole snapshot every 30 s.
  for (;;) {
    if (performance.now() - lastLine > 30_000) {
      lastLine = performance.now();
      const now = await snapshot();
      note(`${now.finished}/${timetable.length} results, ${now.picks} picks, ${now.pushes} pushes claimed, ${now.mailsSent} mails sent (${now.mailsWaiting} waiting)`);
    }
    const finished = await count(sql`select count(*)::int as n from matches where competition = ${WORLD_CUP} and status = 'finished'`);
    if (finished === timetable.length) {
      lastResultMs = since();
      break;
    }
    if (Date.now() > deadline) break;
    await sleep(1000);
  }

  // Settling: the last jornada's pushes and e-mails, until every subscribed bot has each jornada's result by push,
  // every mail bot each jornada's summary, and the outbox is empty.
  const weeks = await count(sql`select count(distinct week_number)::int as n from matches where competition = ${WORLD_CUP}`);
  const subscribedBots = await count(sql`
    select count(distinct s.user_id)::int as n from push_subscriptions s
    join pool_participants pp on pp.user_id = s.user_id and pp.pool_id = ${pool.poolId}`);
  const mailBots = await count(sql`select count(distinct user_id)::int as n from email_notifications where pool_id = ${pool.poolId} and kind = 'jornada-results'`);
  let settledMs = Number.NaN;
  for (;;) {
    const [results, summaries, waiting] = await Promise.all([
      count(sql`select count(*)::int as n from pool_pushes where pool_id = ${pool.poolId} and kind = 'jornada-result'`),
      count(sql`select count(*)::int as n from mail_outbox where kind = 'jornada-summary' and status = 'sent'`),
      count(sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`),
    ]);
    if (results >= subscribedBots * weeks && summaries >= mailBots * weeks && waiting === 0 && Number.isFinite(lastResultMs)) {
      settledMs = since();
      break;
    }
    if (Date.now() > deadline) break;
    await sleep(1000);
  }
  const end = await snapshot();
  note(`${end.finished}/${timetable.length} results, ${end.picks} picks, ${end.pushes} pushes claimed, ${end.mailsSent} mails sent (${end.mailsWaiting} waiting)`);
  const endUsage = usageNow();
  const memory = process.memoryUsage();

  // The server stops (its scheduler's and mail worker's rounds end); the database stays open for the checks.
  await app.close();

  // Every result arrived, with the real score (the 90 minutes: what the quiniela scores).
  const stored = await queryRows<{ match_date: Date | string; status: string; score_home: number | null; score_away: number | null }>(db, sql`
    select match_date, status, score_home, score_away from matches where competition = ${WORLD_CUP}`);
  const byKickoff = new Map(stored.map((m) => [new Date(m.match_date).getTime(), m]));
  const wrongScores = timetable.flatMap((m) => {
    const row = byKickoff.get(m.kickoff.getTime());
    const ok = row && row.status === 'finished' && Number(row.score_home) === m.ft[0] && Number(row.score_away) === m.ft[1];
    return ok ? [] : [`${m.team1}–${m.team2}: ${row ? `${row.status} ${row.score_home}–${row.score_away}` : 'missing'}, real ${m.ft.join('–')}`];
  });

  // How late the results came: each match's first change to finished (its history) after its whistle in the replay.
  const history = await queryRows<{ match_date: Date | string; finished_at: Date | string | null; changes: number }>(db, sql`
    select m.match_date, min(c.created_at) filter (where c.new_status = 'finished') as finished_at, count(c.id)::int as changes
    from matches m left join match_result_changes c on c.match_id = m.id
    where m.competition = ${WORLD_CUP}
    group by m.id, m.match_date`);
  const whistles = new Map(timetable.map((m) => [m.kickoff.getTime(), m.end.getTime()]));
  const lags = history
    .filter((h) => h.finished_at !== null)
    .map((h) => new Date(h.finished_at!).getTime() - (whistles.get(new Date(h.match_date).getTime()) ?? Number.NaN))
    .sort((a, b) => a - b);
  const nearest = (q: number) => lags[Math.min(lags.length - 1, Math.max(0, Math.ceil(q * lags.length) - 1))] ?? Number.NaN;

  // No pick lost: the rows are the picks the bots made, and every bot picked every match.
  const picked = demo.picks();
  const rows = await count(sql`select count(*)::int as n from predictions where pool_id = ${pool.poolId}`);
  const botsShort = await count(sql`
    select count(*)::int as n from (
      select pp.user_id from pool_participants pp
      left join predictions p on p.pool_id = pp.pool_id and p.user_id = pp.user_id
      where pp.pool_id = ${pool.poolId} and pp.user_id in (${sql.join(bots.map((b) => sql`${b.id}`), sql`, `)})
      group by pp.user_id
      having count(p.id) <> ${timetable.length}::int) short`);

  // Every pool's stored standings, and its jornadas', against the app's recompute from all picks.
  const read = async () => {
    const general = await queryRows<{ k: string; v: string }>(db, sql`
      select pool_id || ':' || user_id as k, points || ':' || correct_picks as v from standings`);
    const rounds = await queryRows<{ k: string; v: string }>(db, sql`
      select pool_id || ':' || week_number || ':' || user_id as k, points || ':' || correct_picks as v from round_standings`);
    return { general: new Map(general.map((r) => [r.k, r.v])), rounds: new Map(rounds.map((r) => [r.k, r.v])) };
  };
  const differing = (a: Map<string, string>, b: Map<string, string>) =>
    [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key) !== b.get(key)).length;
  const before = await read();
  const recomputeFrom = performance.now();
  await services.repositories.standings.recompute(null, new Date());
  const recomputeMs = performance.now() - recomputeFrom;
  const after = await read();
  const pools = await count(sql`select count(*)::int as n from pools`);

  // What was claimed to be pushed and mailed: the harness compares it with what arrived.
  const pushRows = await queryRows<{ user_id: number; pool_id: number; kind: string; week_number: number }>(db, sql`
    select user_id, pool_id, kind, week_number from pool_pushes`);
  const jornadaResultsShort = await count(sql`
    select count(*)::int as n from (select distinct s.user_id from push_subscriptions s
      join pool_participants pp on pp.user_id = s.user_id and pp.pool_id = ${pool.poolId}) u
    cross join (select distinct week_number from matches where competition = ${WORLD_CUP}) w
    where not exists (select 1 from pool_pushes n where n.pool_id = ${pool.poolId} and n.kind = 'jornada-result'
      and n.week_number = w.week_number and n.user_id = u.user_id)`);
  const mailRows = await queryRows<{ id: number; kind: string; status: string; message_id: string | null; recipient: string }>(db, sql`
    select id, kind, status, message_id, recipient from mail_outbox`);
  const summariesShort = await count(sql`
    select count(*)::int as n from (select distinct user_id from email_notifications
      where pool_id = ${pool.poolId} and kind = 'jornada-results') u
    cross join (select distinct week_number from matches where competition = ${WORLD_CUP}) w
    where not exists (select 1 from mail_outbox o where o.kind = 'jornada-summary' and o.status = 'sent'
      and o.dedupe_key = 'jornada-summary:' || ${pool.poolId}::int || ':' || w.week_number || ':' || u.user_id)`);

  await send({
    type: 'report',
    times: { readyMs, lastResultMs, settledMs, settledInTime: Number.isFinite(settledMs) },
    finalWhistleMs: wallToSince(finalWhistle),
    firstKickoffMs: wallToSince(firstKickoff),
    usage: { setup: setupUsage, end: endUsage, rssAtEndMb: memory.rss / 2 ** 20, heapUsedMb: memory.heapUsed / 2 ** 20 },
    results: {
      matches: timetable.length,
      finished: stored.filter((m) => m.status === 'finished').length,
      wrongScores,
      changes: history.reduce((sum, h) => sum + Number(h.changes), 0),
      lagMs: { median: nearest(0.5), p90: nearest(0.9), max: nearest(1) },
    },
    picks: { made: picked.made, refused: picked.refused, rows, expected: bots.length * timetable.length, botsShort },
    standings: {
      pools,
      rows: before.general.size,
      differing: differing(before.general, after.general),
      roundRows: before.rounds.size,
      roundDiffering: differing(before.rounds, after.rounds),
      recomputeMs,
    },
    pushes: {
      rows: pushRows.map((r) => ({ userId: Number(r.user_id), poolId: Number(r.pool_id), kind: r.kind, weekNumber: Number(r.week_number) })),
      subscribed: subscribedBots,
      weeks,
      jornadaResultsShort,
    },
    mails: {
      rows: mailRows.map((r) => ({ id: Number(r.id), kind: r.kind, status: r.status, messageId: r.message_id, recipient: r.recipient })),
      mailBots,
      summariesShort,
    },
    progress,
  });
  await database.close();
  // The report is on its way; the harness waits for this process to end.
  process.disconnect();
}

// ---------------------------------------------------------------------------------------------------------------
// The harness: the SMTP server, the push service, the players' subscriptions, the timeout and the verdict.
// ---------------------------------------------------------------------------------------------------------------
async function harness() {
  const { freePort } = await import('../tests/support/server-process.ts');
  const { startSmtpServer } = await import('../tests/support/smtp-server.ts');
  const { decryptPush, e2ePushTls, newBrowserKeys, startPushService } = await import('../tests/support/push-service.ts');
  type BrowserKeys = ReturnType<typeof newBrowserKeys>;

  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const smtp = await startSmtpServer();
  const tls = e2ePushTls('soak');
  const push = await startPushService(tls);
  const port = await freePort();
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'quiniela-bench-soak-')), 'data');
  const serverEnv: Record<string, string> = {
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: 'dist/web',
    WEBAUTHN_ORIGINS: `http://localhost:${port}`,
    DEMO: 'true',
    DEMO_START_SECONDS: String(START_SECONDS),
    DEMO_DAY_SECONDS: String(DAY_SECONDS),
    // As scripts/demo.ts runs it: pool pushes claimed every 2 seconds.
    REMINDERS_POLL_SECONDS: '2',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quiniela <quiniela@soak.localhost>',
    MAIL_POLL_SECONDS: '2',
    // The push service here is on 127.0.0.1, which the endpoint rule otherwise refuses.
    OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
  };

  console.log(
    `Soak (issue 35): the World Cup 2026 replayed (${DAY_SECONDS} s a match day, first kick-off ${START_SECONDS} s after start), ` +
      `${BOTS} bots, PGlite, in-process server; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const child = (serverChild = fork(import.meta.filename, [], {
    // The compiled server's node flags (its entry file aside), as the demo runs it.
    execArgv: ['--import', 'tsx', ...serverNodeArgs.slice(0, -1)],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      BENCH_SOAK_ROLE: 'server',
      BENCH_SOAK_SERVER_ENV: JSON.stringify(serverEnv),
      BENCH_SOAK_PUSH_CA: tls.cert,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  }));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timeout = setTimeout(() => {
    console.error(`\nSOAK FAILED: the hard timeout (${TIMEOUT_MS / 1000} s) passed; the server is killed.`);
    child.kill('SIGKILL');
    process.exit(1);
  }, TIMEOUT_MS);

  const keys = new Map<number, BrowserKeys>();
  let ready: Ready | undefined;
  let subscribeMs = 0;
  const report = await new Promise<Report>((resolve, reject) => {
    child.on('message', (message: FromServer) => {
      if (message.type === 'report') return resolve(message);
      ready = message;
      const base = `http://127.0.0.1:${message.port}`;
      const call = async (method: string, url: string, token: string, body: object) => {
        const res = await fetch(base + url, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      };
      // Each subscribed bot as its browser would: a push subscription with its own keys, and the e-mail switches.
      const subscribe = async (player: Player) => {
        if (player.mail) {
          for (const kind of ['missing-picks', 'jornada-results'] as const) {
            await call('PUT', '/api/notification-settings', player.token, { kind, poolId: message.poolId, enabled: true, channel: 'email' });
          }
        }
        const browser = newBrowserKeys();
        keys.set(player.userId, browser);
        await call('POST', '/api/push/subscriptions', player.token, { endpoint: `${push.url}/soak/${player.userId}`, keys: browser.keys });
      };
      const from = performance.now();
      void (async () => {
        const queue = [...message.players];
        await Promise.all(Array.from({ length: 8 }, async () => {
          for (let player = queue.shift(); player; player = queue.shift()) await subscribe(player);
        }));
        subscribeMs = performance.now() - from;
        child.send({ type: 'subscribed' });
      })().catch(reject);
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (exit ${code}) before its report`)));
  });
  await exited;
  clearTimeout(timeout);
  const loadAfter = os.loadavg();
  const harnessUsage = usageNow();

  // Pushes: what arrived, decrypted as each bot's browser would, against what the server claimed.
  const received = new Map<number, string[]>();
  let undecryptable = 0;
  for (const item of push.received) {
    const userId = Number(/^\/soak\/(\d+)$/.exec(item.path)?.[1]);
    const browser = keys.get(userId);
    try {
      const payload = decryptPush(item.body, browser!) as { tag: string };
      received.set(userId, [...(received.get(userId) ?? []), payload.tag]);
    } catch {
      undecryptable += 1;
    }
  }
  const claimed = new Map<number, string[]>();
  for (const row of report.pushes.rows) {
    const tag = row.kind === 'jornada-result' ? `jornada-${row.poolId}-${row.weekNumber}` : `picks-${row.poolId}-${row.weekNumber}`;
    claimed.set(row.userId, [...(claimed.get(row.userId) ?? []), tag]);
  }
  const sorted = (tags: string[] | undefined) => JSON.stringify([...(tags ?? [])].sort());
  const pushMismatches = [...new Set([...received.keys(), ...claimed.keys()])].filter(
    (userId) => sorted(received.get(userId)) !== sorted(claimed.get(userId)),
  ).length;
  const pushKinds = Object.entries(
    report.pushes.rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.kind]: (counts[row.kind] ?? 0) + 1 }), {}),
  )
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');

  // E-mails: every outbox row sent, each received once under its Message-ID, and nothing else received.
  const idOf = (id: string | null) => (id ?? '').replace(/^<|>$/g, '');
  const arrivals = new Map<string, number>();
  for (const mail of smtp.received) arrivals.set(idOf(mail.messageId), (arrivals.get(idOf(mail.messageId)) ?? 0) + 1);
  const statuses = report.mails.rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
  const notSent = report.mails.rows.filter((row) => row.status !== 'sent').length;
  const notOnce = report.mails.rows.filter((row) => row.status === 'sent' && arrivals.get(idOf(row.messageId)) !== 1).length;
  const outboxIds = new Set(report.mails.rows.map((row) => idOf(row.messageId)));
  const strays = smtp.received.filter((mail) => !outboxIds.has(idOf(mail.messageId))).length;
  const mailKinds = Object.entries(
    report.mails.rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.kind]: (counts[row.kind] ?? 0) + 1 }), {}),
  )
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');

  const { times, usage, picks, standings, results } = report;
  const s = (ms: number) => `${fmt(ms / 1000)} s`;
  const tournamentCpu = usage.end.cpuMs - usage.setup.cpuMs;
  const tournamentWall = times.settledMs - times.readyMs;
  console.log(`\nStarted ${startedAt.toISOString()}; ${ready!.bots} bots in pool ${ready!.poolId}; ${ready!.players.length} bots subscribed through the API in ${s(subscribeMs)}`);
  console.log('Wall time (from the server process\'s start)');
  console.log(`  demo set up (pool, ${ready!.bots} bots joined, day 1 picked)   ${s(ready!.setupMs)} (ready at ${s(times.readyMs)})`);
  console.log(`  first kick-off → final's whistle (timetable)      ${s(report.finalWhistleMs - report.firstKickoffMs)}`);
  console.log(`  first kick-off → last result stored               ${s(times.lastResultMs - report.firstKickoffMs)} (${s(times.lastResultMs - report.finalWhistleMs)} after the final's whistle)`);
  console.log(`  a match's whistle → its result stored: median ${s(results.lagMs.median)}, p90 ${s(results.lagMs.p90)}, max ${s(results.lagMs.max)} (${results.changes} result changes imported, live scores included)`);
  console.log(`  last result → last push and e-mail out            ${s(times.settledMs - times.lastResultMs)}`);
  console.log(`  whole run: start → everything sent                ${s(times.settledMs)}`);
  console.log('Server process (in-process app under tsx, the compiled server\'s node flags)');
  console.log(`  peak RSS ${fmt(usage.end.maxRssMb)} MB (${fmt(usage.setup.maxRssMb)} MB by the end of set-up), RSS at the end ${fmt(usage.rssAtEndMb)} MB, heap used ${fmt(usage.heapUsedMb)} MB`);
  console.log(`  CPU ${s(usage.end.cpuMs)} in all: ${s(usage.setup.cpuMs)} to start and set up, ${s(tournamentCpu)} over the tournament (${fmt((100 * tournamentCpu) / tournamentWall, 0)}% of one core)`);
  console.log(`  harness (SMTP server, push service, subscriptions, decryption): CPU ${s(harnessUsage.cpuMs)}, peak RSS ${fmt(harnessUsage.maxRssMb)} MB`);
  console.log(`  load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  console.log('Traffic');
  console.log(`  picks: ${picks.made} made by the bots, ${picks.refused} refused, ${picks.rows} rows`);
  console.log(`  pushes: ${report.pushes.rows.length} claimed (${pushKinds || 'none'}) for ${report.pushes.subscribed} subscribed bots; ${push.received.length} received`);
  console.log(`  e-mails: ${report.mails.rows.length} in the outbox (${mailKinds || 'none'}; ${JSON.stringify(statuses)}) for ${report.mails.mailBots} bots; ${smtp.received.length} received`);
  console.log(`  standings: ${standings.pools} pool(s), ${standings.rows} rows, ${standings.roundRows} jornada rows; the recompute took ${s(standings.recomputeMs)}`);

  const checks: [string, boolean, string][] = [
    ['whole run under 10 minutes', times.settledInTime && times.settledMs < LIMIT_MS, times.settledInTime ? s(times.settledMs) : 'never settled'],
    ['every result arrived, with its real score', results.finished === results.matches && results.wrongScores.length === 0, `${results.finished}/${results.matches} finished${results.wrongScores.length ? `; wrong: ${results.wrongScores.slice(0, 5).join('; ')}` : ''}`],
    ['no pick lost: rows = picks the bots made', picks.rows === picks.made, `${picks.rows} rows, ${picks.made} made`],
    ['every bot picked every match, none refused', picks.refused === 0 && picks.botsShort === 0 && picks.rows === picks.expected, `${picks.refused} refused, ${picks.botsShort} bots short, ${picks.rows}/${picks.expected}`],
    ['stored standings = recompute', standings.differing === 0, `${standings.differing} of ${standings.rows} rows differ`],
    ['stored jornada standings = recompute', standings.roundDiffering === 0, `${standings.roundDiffering} of ${standings.roundRows} rows differ`],
    ['every claimed push arrived exactly once, nothing else', pushMismatches === 0 && undecryptable === 0 && push.received.length === report.pushes.rows.length, `${pushMismatches} bots differ, ${undecryptable} undecryptable, ${push.received.length} received / ${report.pushes.rows.length} claimed`],
    ['every subscribed bot got every jornada\'s result', report.pushes.jornadaResultsShort === 0 && report.pushes.subscribed > 0, `${report.pushes.jornadaResultsShort} missing of ${report.pushes.subscribed} × ${report.pushes.weeks}`],
    ['every e-mail sent, received exactly once, nothing else', notSent === 0 && notOnce === 0 && strays === 0, `${notSent} not sent, ${notOnce} not received once, ${strays} strays`],
    ['every mail bot got every jornada\'s summary', report.mails.summariesShort === 0 && report.mails.mailBots > 0, `${report.mails.summariesShort} missing of ${report.mails.mailBots} × ${report.pushes.weeks}`],
  ];
  console.log('Checks');
  for (const [name, ok, detail] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(52)} ${detail}`);
  await Promise.all([smtp.close(), push.close()]);
  const failed = checks.filter(([, ok]) => !ok).length;
  if (failed > 0) {
    console.error(`\nSOAK FAILED: ${failed} check(s).`);
    process.exit(1);
  }
  console.log('\nAll checks passed.');
}

/** The server's process, ended with the harness whatever happens. */
let serverChild: ChildProcess | undefined;
if (process.env.BENCH_SOAK_ROLE === 'server') await server();
else {
  await harness().catch((error: unknown) => {
    console.error(`\nSOAK FAILED: ${(error as Error).message}`);
    if (serverChild?.exitCode === null) serverChild.kill('SIGKILL');
    process.exit(1);
  });
}
