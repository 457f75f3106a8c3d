// Every statement the app runs on its hot paths, with its PostgreSQL plan, on the scaled database
// of bench/scale.ts. Plans come from auto_explain (ANALYZE, BUFFERS) on the app's own connection,
// so they are the statements the app really sends, run once. A sequential scan of a big table is flagged.
//   BENCH_DATABASE_URL=postgres://… npm run bench:plans
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type pg from 'pg';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres, queryRows } from '#server/db/client';
import { createServices } from '#server/services';
import { SCALE, seedScale } from './scale-seed.ts';
import { fmt, scratchPostgres } from './support.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('bench:plans runs on PostgreSQL: set BENCH_DATABASE_URL=postgres://…');
  process.exit(1);
}

/** Tables that grow with users, pools or picks: a sequential scan of one of these on a hot path is a finding. */
const BIG_TABLES = new Set([
  'users',
  'sessions',
  'pools',
  'pool_participants',
  'predictions',
  'standings',
  'match_reminders',
  'match_result_changes',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface Statement {
  query: string;
  ms: number;
  nodes: string[];
  bigSeqScans: string[];
  blocks: number;
}

const walk = (node: PlanNode, visit: (node: PlanNode) => void) => {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
};

/** auto_explain's notice: "duration: 1.234 ms  plan:\n{json}". */
function parseNotice(message: string): Statement | undefined {
  const duration = /duration: ([\d.]+) ms/.exec(message);
  const json = message.indexOf('{');
  if (!duration || json < 0) return undefined;
  const { 'Query Text': text, Plan: plan } = JSON.parse(message.slice(json)) as {
    'Query Text': string;
    Plan: PlanNode;
  };
  const nodes: string[] = [];
  const bigSeqScans: string[] = [];
  walk(plan, (node) => {
    const on = node['Index Name'] ?? node['Relation Name'];
    nodes.push(on ? `${node['Node Type']} (${on})` : node['Node Type']);
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
      bigSeqScans.push(node['Relation Name']!);
  });
  return {
    query: text.replace(/\s+/g, ' ').trim(),
    ms: Number(duration[1]),
    nodes,
    bigSeqScans,
    blocks: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
  };
}

const scratch = await scratchPostgres(url);
try {
  const facts = await seedScale(
    await createServices({ database: scratch, config: loadConfig({ LOG_LEVEL: 'silent' }), log: console }),
  );
  // The app's own connection, one client, every statement explained as it runs (settings in the startup packet).
  const explained = new URL(scratch.url);
  explained.searchParams.set(
    'options',
    [
      'session_preload_libraries=auto_explain',
      'auto_explain.log_min_duration=0',
      'auto_explain.log_analyze=on',
      'auto_explain.log_buffers=on',
      'auto_explain.log_format=json',
      'auto_explain.log_level=notice',
    ]
      .map((o) => `-c ${o}`)
      .join(' '),
  );
  const handle = openPostgres(explained.toString(), 1);
  let captured: Statement[] = [];
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      const statement = parseNotice(notice.message ?? '');
      if (statement) captured.push(statement);
    });
  });
  try {
    const app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SEED_DATA: 'false',
        REMINDERS_POLL_SECONDS: '0',
        AUTH_IP_MAX_PER_MINUTE: '1000000',
      }),
      database: handle,
    });
    await app.ready();
    const { db } = handle;
    const adminId = SCALE.users;
    await db.execute(sql`update users set role_id = (select id from roles where name = 'admin') where id = ${adminId}`);
    const { sessions, reminders } = app.services.repositories;
    const expires = new Date(Date.now() + 86_400_000);
    const token = {
      admin: await sessions.create(adminId, expires),
      member: await sessions.create(facts.memberId, expires),
      creator: await sessions.create(facts.creatorId, expires),
    };
    const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0]!;
    const finished = await one<{ id: number; week: number; home: number; away: number }>(sql`
    select id, week_number as week, score_home as home, score_away as away from matches
    where status = 'finished' order by match_date desc limit 1`);
    const future = await one<{ id: number }>(sql`
    select id from matches where match_date > now() + interval '1 day'
      and id not in (select match_id from predictions where pool_id = ${facts.biggestPoolId} and user_id = ${facts.memberId})
    order by match_date limit 1`);
    // A small pool and someone who is in neither it nor its creator's seat.
    const joinable = await one<{ code: number; user_id: number }>(sql`
    select p.invitation_code as code, (select min(u.id) from users u where u.id <> p.creator_id
      and not exists (select 1 from pool_participants pp where pp.pool_id = p.id and pp.user_id = u.id)) as user_id
    from pools p where p.id = ${SCALE.pools}`);
    const joiner = await sessions.create(joinable.user_id, expires);
    const small = await one<{ id: number; members: number }>(sql`
      select p.id, p.participant_count as members from pools p join pool_participants pp on pp.pool_id = p.id
      where pp.user_id = ${facts.memberId} and p.id <> ${facts.biggestPoolId} order by p.id limit 1`);

    const password = 'contraseña-de-prueba';
    const signUp = await app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { name: 'Plan', email: 'plan@example.com', password },
    });
    if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);

    type Step = [label: string, run: () => Promise<unknown>];
    const request = (as: string | null, options: InjectOptions & { url: string }) => async () => {
      const response = await app.inject({ ...options, ...(as ? { headers: { authorization: `Bearer ${as}` } } : {}) });
      if (response.statusCode >= 300) throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
    };
    const get = (as: string, path: string) => request(as, { method: 'GET', url: path });
    const steps: Step[] = [
      [
        'POST /auth/signin',
        request(null, { method: 'POST', url: '/auth/signin', payload: { email: 'plan@example.com', password } }),
      ],
      ['GET /auth/profile (session lookup)', get(token.member, '/auth/profile')],
      ['GET /api/matches', get(token.member, '/api/matches')],
      ['GET /api/teams', get(token.member, '/api/teams')],
      ['GET /api/pools (mine)', get(token.member, '/api/pools')],
      ['GET /api/pools/user/:id/joined', get(token.member, `/api/pools/user/${facts.memberId}/joined`)],
      ['GET /api/pools/user/:id/owned', get(token.creator, `/api/pools/user/${facts.creatorId}/owned`)],
      ['GET /api/pools/:id (biggest)', get(token.member, `/api/pools/${facts.biggestPoolId}`)],
      [
        'GET /api/pools/:id/participants/:userId (biggest)',
        get(token.creator, `/api/pools/${facts.biggestPoolId}/participants/${facts.creatorId}`),
      ],
      ['GET ranking (biggest pool)', get(token.member, `/api/leaderboard/pool/${facts.biggestPoolId}/ranking`)],
      [`GET ranking (a pool of ${small.members})`, get(token.member, `/api/leaderboard/pool/${small.id}/ranking`)],
      [
        'GET round ranking (biggest pool)',
        get(token.member, `/api/leaderboard/pool/${facts.biggestPoolId}/round/${finished.week}`),
      ],
      ['GET /api/leaderboard (my places)', get(token.member, '/api/leaderboard')],
      ['GET /api/predictions (mine)', get(token.member, '/api/predictions')],
      [
        'GET pick distribution (biggest pool)',
        get(token.member, `/api/predictions/pool/${facts.biggestPoolId}/match/${finished.id}`),
      ],
      [
        'POST /api/predictions',
        request(token.member, {
          method: 'POST',
          url: '/api/predictions',
          payload: { prediction: 'home', userId: facts.memberId, matchId: future.id, poolId: facts.biggestPoolId },
        }),
      ],
      [
        'POST /api/pools/join (invitation code)',
        request(joiner, {
          method: 'POST',
          url: '/api/pools/join',
          payload: { invitationCode: joinable.code, userId: joinable.user_id },
        }),
      ],
      [
        'PATCH /api/matches/:id (result)',
        request(token.admin, {
          method: 'PATCH',
          url: `/api/matches/${finished.id}`,
          payload: { scoreHome: finished.away + 1, scoreAway: finished.home },
        }),
      ],
      ['GET /api/reminders', get(token.member, '/api/reminders')],
      ['reminders due scan (scheduler)', () => reminders.claimDue(new Date(), 100)],
      [
        'POST /api/leaderboard/update-all (admin)',
        request(token.admin, { method: 'POST', url: '/api/leaderboard/update-all' }),
      ],
    ];

    const findings: string[] = [];
    console.log(
      `\nPlans on PostgreSQL: ${Object.entries(facts.counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
        .join(', ')}`,
    );
    for (const [label, run] of steps) {
      captured = [];
      await run();
      const total = captured.reduce((sum, s) => sum + s.ms, 0);
      console.log(`\n${label}: ${captured.length} statements, ${fmt(total, 2)} ms in the database`);
      for (const s of captured) {
        console.log(
          `  ${fmt(s.ms, 2).padStart(8)} ms ${String(s.blocks).padStart(6)} blocks  ${s.query.slice(0, 110)}`,
        );
        console.log(`                             ${s.nodes.join(' → ')}`);
        if (s.bigSeqScans.length > 0)
          findings.push(`${label}: Seq Scan on ${s.bigSeqScans.join(', ')} (${fmt(s.ms, 2)} ms)`);
      }
    }
    console.log(`\nSequential scans of big tables: ${findings.length === 0 ? 'none' : `\n  ${findings.join('\n  ')}`}`);
    await app.close();
  } finally {
    await handle.close();
  }
} finally {
  await scratch.close();
}
