import { is, sql, type SQL, TransactionRollbackError } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool, SignInResponse } from '#contract/index';
import { queryRows } from '#server/db/client';
import * as schema from '#server/db/schema';
import { outsideTransaction } from '#server/db/transaction-guard';
import type { Topic } from '#server/lib/data-versions';
import { createSessionsRepository } from '#server/modules/accounts/sessions.repository';
import { createTestApp, type TestApp } from '#tests/support/test-app';
import { testDatabaseKind } from '#tests/support/test-database';

/**
 * Only the database replaces a data version (migrations 0007, 0008, 0011), at the commit of a write that changed
 * rows, and only the topics those rows feed: an idle sweep or a statement that touches nothing keeps every
 * instance's caches warm. The writes here go straight to the database, so any change of version is the triggers'
 * doing, and this process hears of it with no help (PGlite: the commit's notification; PostgreSQL: the tokens).
 */
let t: TestApp;
let owner: SignInResponse;
let pool: Pool;
let member: SignInResponse;
let teamIds: [number, number];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  member = await t.createUser();
  pool = await t.api.pool(owner, { name: 'Versiones' });
  const teams = await queryRows<{ id: number }>(
    t.db,
    sql`insert into teams (name) values ('Versiones Norte'), ('Versiones Sur') returning id`,
  );
  teamIds = [teams[0]!.id, teams[1]!.id];
});
afterAll(() => t.close());

const TOPICS: Topic[] = ['accounts', 'matches', 'standings'];

/** What every instance reads (the tokens) and what this one's caches are keyed by (the counters). */
async function versions() {
  const rows = await queryRows<{ key: string; value: string }>(
    t.db,
    sql`select key, value from app_settings where key like 'data-version:%' order by key`,
  );
  await t.app.services.versions.catchUp();
  return {
    tokens: Object.fromEntries(rows.map((r) => [r.key, r.value])),
    cached: Object.fromEntries(TOPICS.map((topic) => [topic, t.app.services.versions.version(topic)])) as Record<Topic, number>,
  };
}

/**
 * The topics whose version `write` moved: its token, and this process's version of it, which must move with it (on
 * PGlite before the write returns, on PostgreSQL at the next catch-up); a topic where they differ is listed as such.
 */
async function topicsMovedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await versions();
  await write();
  const movedAtOnce = TOPICS.filter((topic) => t.app.services.versions.version(topic) !== before.cached[topic]);
  const after = await versions();
  return TOPICS.flatMap((topic) => {
    const token = after.tokens[`data-version:${topic}`] !== before.tokens[`data-version:${topic}`];
    const here = after.cached[topic] !== before.cached[topic];
    const atOnce = testDatabaseKind() === 'postgres' || movedAtOnce.includes(topic) === here;
    if (token === here && atOnce) return token ? [topic] : [];
    return [`${topic}: token ${token ? 'moved' : 'kept'}, this process's version ${here ? 'moved' : 'kept'}${atOnce ? '' : ' late'}`];
  });
}

const run = (statement: SQL) => () => t.db.execute(statement);

/** A write of each kind to one table, each on the row the insert made. */
interface Writes {
  insert: () => SQL;
  update: () => SQL;
  delete: () => SQL;
}
type Feeds =
  | { topics: Topic[]; why: string; writes: Writes; insertMovesNothing?: string }
  | { topics: []; why: string };
const noCache = (why: string): Feeds => ({ topics: [], why });

/**
 * Every table, and which cached answers its rows feed (server/lib/data-versions.ts). A table of a topic moves it on
 * every kind of write, or says here why one kind need not; a table of none says why no cached answer reads it. A
 * table missing here fails the first test: a new table is a decision, made here, and a new topic table brings its
 * writes, which the next test makes and checks.
 */
const tables: Record<string, Feeds> = {
  roles: {
    topics: ['accounts'],
    why: "the role's name is in its holders' session profiles",
    writes: {
      insert: () => sql`insert into roles (name) values ('versiones')`,
      update: () => sql`update roles set description = 'Otra' where name = 'versiones'`,
      delete: () => sql`delete from roles where name = 'versiones'`,
    },
  },
  users: {
    topics: ['accounts', 'standings'],
    why: 'name, e-mail and role are in session profiles; names are in rankings',
    insertMovesNothing:
      'a new account is in no session and no ranking yet (a cached answer reaches it only through rows made after it, ' +
      'and a miss is never cached); every sign-up makes one',
    writes: {
      insert: () =>
        sql`insert into users (name, email, password_hash, role_id)
            select 'Versiones', 'versiones@example.com', 'x', id from roles where name = 'user'`,
      update: () => sql`update users set name = 'Versiones 2' where email = 'versiones@example.com'`,
      delete: () => sql`delete from users where email = 'versiones@example.com'`,
    },
  },
  sessions: {
    topics: ['accounts'],
    why: 'the session behind each token is cached',
    insertMovesNothing: 'a new token was never cached (a miss is never cached); every sign-in makes one',
    writes: {
      insert: () =>
        sql`insert into sessions (user_id, token_hash, expires_at)
            values (${member.userProfile.id}, 'versiones', now() + interval '1 day')`,
      update: () => sql`update sessions set expires_at = expires_at + interval '1 hour' where token_hash = 'versiones'`,
      delete: () => sql`delete from sessions where token_hash = 'versiones'`,
    },
  },
  matches: {
    topics: ['matches'],
    why: 'the match list',
    writes: {
      insert: () =>
        sql`insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id)
            values ('Versiones', 'Jornada 1', 1, '2099-01-01T20:00:00Z', ${teamIds[0]}, ${teamIds[1]})`,
      update: () => sql`update matches set round = 'Jornada 2' where competition = 'Versiones'`,
      delete: () => sql`delete from matches where competition = 'Versiones'`,
    },
  },
  pools: {
    topics: ['standings'],
    why: 'a pool is in its ranking',
    writes: {
      insert: () =>
        sql`insert into pools (name, invitation_code, creator_id) values ('Versiones 2', 623456, ${owner.userProfile.id})`,
      update: () => sql`update pools set description = 'Otra' where invitation_code = 623456`,
      delete: () => sql`delete from pools where invitation_code = 623456`,
    },
  },
  pool_participants: {
    topics: ['standings'],
    why: "a ranking's members (who may read it)",
    writes: {
      insert: () => sql`insert into pool_participants (pool_id, user_id) values (${pool.id}, ${member.userProfile.id})`,
      update: () =>
        sql`update pool_participants set registered_at = registered_at + interval '1 second'
            where pool_id = ${pool.id} and user_id = ${member.userProfile.id}`,
      delete: () => sql`delete from pool_participants where pool_id = ${pool.id} and user_id = ${member.userProfile.id}`,
    },
  },
  standings: {
    topics: ['standings'],
    why: "a ranking's points",
    writes: {
      insert: () => sql`insert into standings (pool_id, user_id) values (${pool.id}, ${owner.userProfile.id})`,
      update: () => sql`update standings set points = 3, correct_picks = 1 where pool_id = ${pool.id} and user_id = ${owner.userProfile.id}`,
      delete: () => sql`delete from standings where pool_id = ${pool.id} and user_id = ${owner.userProfile.id}`,
    },
  },
  round_standings: {
    topics: ['standings'],
    why: "a jornada's points: the jornada tables, the general table's movement and jornadas won, the evolution",
    writes: {
      insert: () =>
        sql`insert into round_standings (pool_id, week_number, user_id, points, correct_picks)
            values (${pool.id}, 7, ${owner.userProfile.id}, 3, 1)`,
      update: () => sql`update round_standings set points = 6, correct_picks = 2 where pool_id = ${pool.id} and week_number = 7`,
      delete: () => sql`delete from round_standings where pool_id = ${pool.id} and week_number = 7`,
    },
  },
  bonus_questions: {
    topics: ['standings'],
    why: 'whether a pool has bonus questions gives its general table the "Extra" column (decision 080)',
    writes: {
      insert: () =>
        sql`insert into bonus_questions (pool_id, kind, prompt, points, closes_at)
            values (${pool.id}, 'free', 'Versiones', 1, now() + interval '1 day')`,
      update: () => sql`update bonus_questions set points = 2 where pool_id = ${pool.id}`,
      delete: () => sql`delete from bonus_questions where pool_id = ${pool.id}`,
    },
  },
  rate_limit_counters: noCache('read at every request a limit guards'),
  confederations: noCache('read at every request for them'),
  teams: noCache('the match list carries team ids only; teams are read at every request for them'),
  predictions: noCache(
    'rankings read the stored standings, which the writes that change them move; which jornadas a pool played reads ' +
      'whether its finished matches have picks, and a pick is made before its match finishes (the finishing moves ' +
      "'matches', which rankings follow too) or removed by an admin with a recompute (which moves 'standings'); " +
      "distributions are read at every request. A user's pick list follows their own version (below), not a topic: " +
      'a pick never waits on a row shared by every pick',
  ),
  match_result_changes: noCache('read at every request for a match history'),
  match_kickoff_changes: noCache('read at every request for a match history'),
  passkey_credentials: noCache('read at every passkey sign-in and listing'),
  webauthn_challenges: noCache('single use, read at every ceremony'),
  app_settings: noCache('holds the data versions themselves; the Web Push keys are read once at start, the results source at every pull'),
  push_subscriptions: noCache('read when a reminder is sent'),
  favorite_matches: noCache('read at every request for them and by the reminder sweep'),
  match_reminders: noCache('read by the reminder sweep'),
  kickoff_notices: noCache('made by the trigger on matches (migration 0013), read only by the reminder sweep'),
  notification_opt_outs: noCache('read at every request for the settings and by the reminder sweep'),
  pool_pushes: noCache('written and read only by the reminder sweep'),
  import_jobs: noCache('read at every request for an import'),
  pool_pots: noCache('read at every request for the bote'),
  jugadas: noCache("read at every request for a player's jugada and at each saved pick (decision 081)"),
  pool_pot_payments: noCache('read at every request for the bote'),
  bonus_answers: noCache(
    'read at every request for the bonus questions; the points they earn move the standings rows in the same transaction, which move \'standings\'',
  ),
  boleto_matches: noCache('read at every request for the boletos; a boleto changes only before its first kick-off, before any ranking shows it'),
  pool_notices: noCache('read at every request for them (why someone is no longer in a pool)'),
  pool_messages: noCache('the pool\'s wall, read at every request for it; its writes notify the live channel instead (migration 0019)'),
  data_version_changes: noCache('the queue of topics a committing transaction changed (migration 0011)'),
  user_data_versions: noCache("holds the users' data versions themselves (migration 0020)"),
  account_tokens: noCache('a mailed link, read once when it is opened'),
  mail_outbox: noCache('written with what causes a mail, read only by the mail worker and the admin area'),
  email_notifications: noCache('read at every request for the settings and by the reminder sweep'),
};
const topicTables = Object.entries(tables).flatMap(([name, feeds]) => ('writes' in feeds ? [{ name, ...feeds }] : []));
const writesOf = (name: string): Writes => topicTables.find((table) => table.name === name)!.writes;

describe('every table is classified, and every write to a table of a topic moves it', () => {
  it('classifies every table of server/db/schema.ts and of the database', async () => {
    const declared = Object.values(schema).flatMap((value: unknown) => (is(value, PgTable) ? [getTableConfig(value).name] : []));
    const inDatabase = (
      await queryRows<{ name: string }>(t.db, sql`select tablename as name from pg_tables where schemaname = 'public'`)
    ).map((row) => row.name);
    const classified = Object.keys(tables).sort();
    expect(declared.sort()).toEqual(classified);
    expect(inDatabase.sort()).toEqual(classified);
  });

  it.each(topicTables)('$name: an insert, an update and a delete move $topics', async ({ topics, writes, insertMovesNothing }) => {
    // All three run before any check, so the row the insert made is gone whatever the outcome.
    const moved = {
      insert: await topicsMovedBy(run(writes.insert())),
      update: await topicsMovedBy(run(writes.update())),
      delete: await topicsMovedBy(run(writes.delete())),
    };
    expect(moved).toEqual({ insert: insertMovesNothing ? [] : topics, update: topics, delete: topics });
  });

  it.each(topicTables)('$name: statements that change no row move nothing', async ({ name }) => {
    const table = sql.identifier(name);
    const [column] = await queryRows<{ name: string }>(
      t.db,
      sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${name} limit 1`,
    );
    const set = sql.identifier(column!.name);
    expect(
      await topicsMovedBy(async () => {
        await t.db.execute(sql`insert into ${table} select * from ${table} where false`);
        await t.db.execute(sql`update ${table} set ${set} = ${set} where false`);
        await t.db.execute(sql`delete from ${table} where false`);
      }),
    ).toEqual([]);
  });
});

describe('a transaction moves versions once, at its commit', () => {
  const matchWrites = writesOf('matches');
  const standingsWrites = writesOf('standings');

  it('moves nothing when it rolls back, and only what its committed savepoints changed', async () => {
    await t.db.execute(matchWrites.insert());
    const rolledBack = () =>
      t.db
        .transaction(async (tx) => {
          await tx.execute(matchWrites.update());
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
    expect(await topicsMovedBy(rolledBack)).toEqual([]);

    const savepointRolledBack = () =>
      t.db.transaction(async (tx) => {
        await tx
          .transaction(async (savepoint) => {
            await savepoint.execute(matchWrites.update());
            savepoint.rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof TransactionRollbackError)) throw error;
          });
        await tx.execute(standingsWrites.insert());
      });
    expect(await topicsMovedBy(savepointRolledBack)).toEqual(['standings']);
    await t.db.execute(standingsWrites.delete());
    await t.db.execute(matchWrites.delete());
  });

  it('moves each topic it changed once, however many statements changed it', async () => {
    await t.db.execute(standingsWrites.insert());
    const before = await versions();
    await t.db.transaction(async (tx) => {
      for (let points = 1; points <= 3; points += 1) {
        await tx.execute(sql`update standings set points = ${points} where pool_id = ${pool.id}`);
      }
    });
    const after = await versions();
    expect(after.cached.standings).toBe(before.cached.standings + 1);
    expect(await queryRows(t.db, sql`select * from data_version_changes`)).toEqual([]);
    await t.db.execute(standingsWrites.delete());
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'holds no lock on a version until it commits (a join and a result could otherwise wait for each other)',
    async () => {
      await t.db.execute(matchWrites.insert());
      await t.db.transaction(async (tx) => {
        await tx.execute(matchWrites.update());
        // Another connection replaces the same version meanwhile: it must not wait for this transaction.
        await outsideTransaction(() =>
          t.db.transaction(async (other) => {
            await other.execute(sql`set local lock_timeout = '2s'`);
            await other.execute(sql`update app_settings set value = gen_random_uuid()::text where key = 'data-version:matches'`);
          }),
        );
      });
      await t.db.execute(matchWrites.delete());
    },
  );
});

describe('data versions replaced by the database', () => {
  it('stay as they are after a sweep with nothing expired and after statements that change no row', async () => {
    const before = await versions();
    await createSessionsRepository(t.db).deleteExpired(new Date());
    await t.db.execute(sql`update users set name = name where id = -1`);
    await t.db.execute(sql`delete from roles where id = -1`);
    await t.db.execute(sql`update pools set name = name where id = -1`);
    await t.db.execute(sql`delete from pool_participants where pool_id = -1`);
    expect(await versions()).toEqual(before);
  });

  it('stay as they are when the sweep deletes sessions already expired', async () => {
    const user = await t.createUser();
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 hour' where user_id = ${user.userProfile.id}`,
    );
    const before = await versions();
    await createSessionsRepository(t.db).deleteExpired(new Date());
    expect(await queryRows(t.db, sql`select 1 from sessions where user_id = ${user.userProfile.id}`)).toEqual([]);
    expect(await versions()).toEqual(before);
  });

  it('replace the accounts version, and only it, when a live session ends', async () => {
    const user = await t.createUser();
    const before = await versions();
    await createSessionsRepository(t.db).revoke(user.session.accessToken);
    const after = await versions();
    expect(after.tokens['data-version:accounts']).not.toBe(before.tokens['data-version:accounts']);
    expect(after.tokens['data-version:standings']).toBe(before.tokens['data-version:standings']);
  });

  it('replace the standings version, and only it, when a membership changes', async () => {
    const player = await t.createUser();
    await t.db.execute(
      sql`insert into pool_participants (pool_id, user_id) values (${pool.id}, ${player.userProfile.id})`,
    );
    const before = await versions();
    await t.db.execute(
      sql`delete from pool_participants where pool_id = ${pool.id} and user_id = ${player.userProfile.id}`,
    );
    const after = await versions();
    expect(after.tokens['data-version:standings']).not.toBe(before.tokens['data-version:standings']);
    expect(after.tokens['data-version:accounts']).toBe(before.tokens['data-version:accounts']);
  });
});

/** Each user's version (migration 0020): the writes to a user's own lists move theirs, and no one else's. */
describe("users' data versions", () => {
  const userVersions = async (ids: number[]) => {
    const rows = await queryRows<{ userId: number; version: string }>(
      t.db,
      sql`select user_id as "userId", version::text as version from user_data_versions where user_id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    for (const id of ids) await t.app.services.versions.catchUp(undefined, id);
    return new Map(ids.map((id) => [id, { stored: rows.find((r) => r.userId === id)?.version, here: t.app.services.versions.userVersion(id) }]));
  };
  /** Which of `users` a write moved: in the database and in this process alike (a user where they differ is named so). */
  async function usersMovedBy(write: () => Promise<unknown>, users: Record<string, SignInResponse>): Promise<string[]> {
    const ids = Object.values(users).map((u) => u.userProfile.id);
    const before = await userVersions(ids);
    await write();
    const after = await userVersions(ids);
    return Object.entries(users).flatMap(([name, user]) => {
      const [was, now] = [before.get(user.userProfile.id)!, after.get(user.userProfile.id)!];
      const stored = was.stored !== now.stored;
      const here = was.here !== now.here;
      if (stored === here) return stored ? [name] : [];
      return [`${name}: stored ${stored ? 'moved' : 'kept'}, here ${here ? 'moved' : 'kept'}`];
    });
  }

  it('move with a pick (insert, update, delete): only its own user', async () => {
    const [creator, player, other] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const ownPool = await t.api.pool(creator, { players: [player, other] });
    const [match] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into matches (competition, round, week_number, match_date, home_team_id, away_team_id)
          values ('Usuarios', 'Jornada 1', 1, '2099-01-01T20:00:00Z', ${teamIds[0]}, ${teamIds[1]}) returning id`,
    );
    const users = { creator, player, other };
    const pick = sql`pool_id = ${ownPool.id} and user_id = ${player.userProfile.id}`;
    expect(
      await usersMovedBy(
        run(sql`insert into predictions (pool_id, user_id, match_id, prediction) values (${ownPool.id}, ${player.userProfile.id}, ${match!.id}, 'home')`),
        users,
      ),
    ).toEqual(['player']);
    expect(await usersMovedBy(run(sql`update predictions set prediction = 'away' where ${pick}`), users)).toEqual(['player']);
    expect(await usersMovedBy(run(sql`delete from predictions where ${pick}`), users)).toEqual(['player']);
    expect(await usersMovedBy(run(sql`delete from predictions where ${pick}`), users)).toEqual([]);
    await t.db.execute(sql`delete from matches where id = ${match!.id}`);
  });

  it('move with a membership (insert, update, delete): only its own user', async () => {
    const [creator, player, joiner] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const ownPool = await t.api.pool(creator, { players: [player] });
    const users = { creator, player, joiner };
    const membership = sql`pool_id = ${ownPool.id} and user_id = ${joiner.userProfile.id}`;
    expect(await usersMovedBy(run(sql`insert into pool_participants (pool_id, user_id) values (${ownPool.id}, ${joiner.userProfile.id})`), users)).toEqual(['joiner']);
    expect(await usersMovedBy(run(sql`update pool_participants set registered_at = registered_at + interval '1 second' where ${membership}`), users)).toEqual(['joiner']);
    expect(await usersMovedBy(run(sql`delete from pool_participants where ${membership}`), users)).toEqual(['joiner']);
  });

  it('move with a pool: its creator and its members, not when only its standings time moves', async () => {
    const [creator, player, stranger] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const users = { creator, player, stranger };
    expect(
      await usersMovedBy(run(sql`insert into pools (name, invitation_code, creator_id) values ('Usuarios', 723456, ${creator.userProfile.id})`), users),
    ).toEqual(['creator']);
    await t.db.execute(sql`insert into pool_participants (pool_id, user_id) select id, ${player.userProfile.id} from pools where invitation_code = 723456`);
    expect(await usersMovedBy(run(sql`update pools set name = 'Otra' where invitation_code = 723456`), users)).toEqual(['creator', 'player']);
    expect(await usersMovedBy(run(sql`update pools set standings_updated_at = now() where invitation_code = 723456`), users)).toEqual([]);
    expect(await usersMovedBy(run(sql`update pools set name = name where invitation_code = 723456`), users)).toEqual([]);
    expect(await usersMovedBy(run(sql`delete from pools where invitation_code = 723456`), users)).toEqual(['creator', 'player']);
  });

  // The users a transaction changed wait in a transaction-local setting until its commit (migration 0021).
  /** The last value the users' versions drew: each user moved draws one. */
  const drawn = async () =>
    Number((await queryRows<{ value: string }>(t.db, sql`select last_value::text as value from user_data_version_sequence`))[0]!.value);

  it('move once each at commit, however many statements changed them; a rolled-back savepoint forgets its own', async () => {
    const [creator, player, joiner, stranger] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
    const ownPool = await t.api.pool(creator, { players: [player] });
    const users = { creator, player, joiner, stranger };
    const join = (tx: Pick<typeof t.db, 'execute'>, user: SignInResponse) =>
      tx.execute(sql`insert into pool_participants (pool_id, user_id) values (${ownPool.id}, ${user.userProfile.id})`);
    const before = await drawn();
    const moved = await usersMovedBy(
      () =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`update pools set name = 'Una' where id = ${ownPool.id}`);
          await join(tx, joiner);
          await tx.execute(sql`update pools set name = 'Otra' where id = ${ownPool.id}`);
          await tx
            .transaction(async (savepoint) => {
              await join(savepoint, stranger);
              savepoint.rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof TransactionRollbackError)) throw error;
            });
        }),
      users,
    );
    expect(moved).toEqual(['creator', 'player', 'joiner']);
    // One version drawn per user moved: none was moved twice.
    expect((await drawn()) - before).toBe(3);
  });

  it('move with a change after the queue was applied early in the same transaction', async () => {
    const [creator, player, joiner] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const ownPool = await t.api.pool(creator, { players: [player] });
    const users = { creator, player, joiner };
    const before = await drawn();
    const moved = await usersMovedBy(
      () =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`update pools set name = 'Antes' where id = ${ownPool.id}`);
          await tx.execute(sql`set constraints all immediate`);
          await tx.execute(sql`set constraints all deferred`);
          await tx.execute(sql`insert into pool_participants (pool_id, user_id) values (${ownPool.id}, ${joiner.userProfile.id})`);
        }),
      users,
    );
    expect(moved).toEqual(['creator', 'player', 'joiner']);
    // Creator and player when applied early, the joiner at commit: the early apply emptied the queue.
    expect((await drawn()) - before).toBe(3);
  });
});
