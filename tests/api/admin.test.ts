import { createServer, type Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImportJob, SignInResponse, Team } from '#contract/index';
import { importJobs, matches, roles, users as usersTable } from '#server/db/schema';
import { seedFootballData } from '#server/db/seed/seed';
import type * as PublicUrlSource from '#server/modules/results/public-url-source';
import { laligaFile, ONE_RESULT_IMPORTED, seededMatch, type SourceFile } from '#tests/support/laliga';
import { testAppPerFile, type TestApp } from '#tests/support/test-app';

/**
 * Names the importer's URLs use, and what each lookup of them answers (a function, so an
 * answer can change between lookups). They lead to a stand-in server on 127.0.0.1, which only
 * this file lets through; 0.0.0.0 also reaches it, so a connection the checks missed shows as a hit.
 */
const dnsAnswers = vi.hoisted(() => new Map<string, () => string[]>());
vi.mock('#server/modules/results/public-url-source', async (importOriginal) => {
  const real = await importOriginal<typeof PublicUrlSource>();
  const { reachesStandIn, resolveBy } = await import('#tests/support/test-names');
  return {
    ...real,
    readPublicUrl: (url: string) =>
      real.readPublicUrl(url, { resolve: resolveBy((host) => dnsAnswers.get(host)?.()), isAllowed: reachesStandIn }),
  };
});

const today = new Date('2026-11-21T12:00:00Z');
let now = today;
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
let ana: SignInResponse;
let beto: SignInResponse;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin', name: 'Admin Uno' });
  ana = await t.createUser({ name: 'Ana', email: 'ana@example.com' });
  beto = await t.createUser({ name: 'Beto', email: 'beto@example.com' });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const as: TestApp['as'] = (...request) => t.as(...request);
const anonymous = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}) });

/** No answer of the users API ever carries a secret. */
const expectNoSecrets = (body: string) => {
  expect(body).not.toMatch(/passwordHash|password_hash|scrypt|webauthn/i);
};

describe('users', () => {
  it('lists everyone for an admin (searchable, paged) and only themselves for a user', async () => {
    const all = await as(admin, 'GET', '/api/users');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['ana@example.com', 'beto@example.com']),
    );
    expect(all.json().data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.any(String),
      emailConfirmed: false,
      createdAt: expect.any(String),
    });
    expectNoSecrets(all.body);

    const search = await as(admin, 'GET', '/api/users?q=ANA');
    expect(search.json().data.map((u: { name: string }) => u.name)).toEqual(['Ana']);
    // A wildcard typed in the box is a letter, not "anything".
    expect((await as(admin, 'GET', '/api/users?q=%25')).json().data).toEqual([]);
    expect((await as(admin, 'GET', '/api/users?limit=1')).json().data).toHaveLength(1);

    const mine = await as(ana, 'GET', '/api/users');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id: ana.userProfile.id, email: 'ana@example.com', role: 'user' }),
    ]);
    expect((await anonymous('GET', '/api/users')).statusCode).toBe(401);
  });

  it('validates the list query', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=abc', 'offset=-1', `q=${'x'.repeat(101)}`]) {
      const res = await as(admin, 'GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/límite|desplazamiento|búsqueda/);
    }
  });

  it('reads one account: oneself or, for an admin, anyone', async () => {
    expect((await as(ana, 'GET', `/api/users/${ana.userProfile.id}`)).json().data).toMatchObject({
      name: 'Ana',
      role: 'user',
    });
    const denied = await as(ana, 'GET', `/api/users/${beto.userProfile.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('beto@example.com');
    expect((await as(admin, 'GET', `/api/users/${beto.userProfile.id}`)).json().data.email).toBe('beto@example.com');
    expect((await as(admin, 'GET', '/api/users/999999')).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/users/abc')).statusCode).toBe(400);
    expect((await anonymous('GET', `/api/users/${ana.userProfile.id}`)).statusCode).toBe(401);
  });

  it('updates name and e-mail like sign-up validates them, with a unique e-mail', async () => {
    const carla = await t.createUser({ name: 'Carla', email: 'carla@example.com' });
    const own = await as(carla, 'PATCH', `/api/users/${carla.userProfile.id}`, { name: '  Carla Ruiz ' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ name: 'Carla Ruiz', email: 'carla@example.com', emailConfirmed: false });
    expectNoSecrets(own.body);
    // One's own e-mail changes by a link mailed to the new address: this server sends none
    // (tests/api/email-address.test.ts has the server that does).
    const ownEmail = await as(carla, 'PATCH', `/api/users/${carla.userProfile.id}`, { email: 'otra@example.com' });
    expect(ownEmail.statusCode).toBe(409);

    const byAdmin = await as(admin, 'PATCH', `/api/users/${carla.userProfile.id}`, { email: ' Carla.Ruiz@Example.COM ' });
    expect(byAdmin.json().data).toMatchObject({ name: 'Carla Ruiz', email: 'carla.ruiz@example.com' });
    const taken = await as(admin, 'PATCH', `/api/users/${carla.userProfile.id}`, { email: 'ANA@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe una cuenta con ese correo electrónico.');

    const cases: [object, RegExp][] = [
      [{}, /al menos un campo/],
      [{ name: '   ' }, /«nombre» es obligatorio/],
      [{ name: 'x'.repeat(81) }, /como máximo 80/],
      [{ email: 'no-es-un-correo' }, /correo electrónico no es válido/],
      [{ email: 42 }, /correo electrónico/],
    ];
    for (const [payload, message] of cases) {
      const res = await as(carla, 'PATCH', `/api/users/${carla.userProfile.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }

    expect((await as(ana, 'PATCH', `/api/users/${carla.userProfile.id}`, { name: 'Pirata' })).statusCode).toBe(403);
    expect((await anonymous('PATCH', `/api/users/${carla.userProfile.id}`, { name: 'Pirata' })).statusCode).toBe(401);
    const renamed = await as(admin, 'PATCH', `/api/users/${carla.userProfile.id}`, { name: 'Carla R.' });
    expect(renamed.json().data).toMatchObject({ name: 'Carla R.', email: 'carla.ruiz@example.com' });
    expect((await as(admin, 'PATCH', '/api/users/999999', { name: 'Nadie' })).statusCode).toBe(404);
    // An injection string is just a name.
    const odd = await as(carla, 'PATCH', `/api/users/${carla.userProfile.id}`, {
      name: "Robert'); DROP TABLE users;--",
    });
    expect(odd.json().data.name).toBe("Robert'); DROP TABLE users;--");
  });
});

describe('the admin role', () => {
  it('is granted and revoked by admins only, and takes effect on the next request', async () => {
    const dora = await t.createUser({ name: 'Dora' });
    const grantUrl = `/api/users/${dora.userProfile.id}/role`;
    expect((await as(dora, 'PUT', grantUrl, { role: 'admin' })).statusCode).toBe(403);
    expect((await anonymous('PUT', grantUrl, { role: 'admin' })).statusCode).toBe(401);
    expect((await as(dora, 'POST', '/api/teams', { name: 'Antes' })).statusCode).toBe(403);

    const granted = await as(admin, 'PUT', grantUrl, { role: 'admin' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      message: 'Rol actualizado.',
      data: { id: dora.userProfile.id, role: 'admin' },
    });
    // Same session, new rights.
    expect((await as(dora, 'POST', '/api/teams', { name: 'Después' })).statusCode).toBe(201);
    expect((await as(admin, 'PUT', grantUrl, { role: 'admin' })).statusCode).toBe(200);

    expect((await as(admin, 'PUT', grantUrl, { role: 'user' })).json().data.role).toBe('user');
    expect((await as(dora, 'POST', '/api/teams', { name: 'Otra vez' })).statusCode).toBe(403);
  });

  it('validates the role and the account', async () => {
    for (const payload of [{}, { role: 'superadmin' }, { role: 1 }]) {
      const res = await as(admin, 'PUT', `/api/users/${ana.userProfile.id}/role`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El rol (role) debe ser user o admin.');
    }
    expect((await as(admin, 'PUT', '/api/users/999999/role', { role: 'admin' })).statusCode).toBe(404);
  });

  it('cannot be removed from oneself, so the last admin stays an admin', async () => {
    const res = await as(admin, 'PUT', `/api/users/${admin.userProfile.id}/role`, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No puedes quitarte tu propio rol de administrador: pídeselo a otro administrador.',
    );
    expect((await as(admin, 'GET', `/api/users/${admin.userProfile.id}`)).json().data.role).toBe('admin');
    // Keeping one's own role is not a removal.
    expect((await as(admin, 'PUT', `/api/users/${admin.userProfile.id}/role`, { role: 'admin' })).statusCode).toBe(200);
  });

  it('survives two admins demoting each other at the same moment: one wins, the other is no longer an admin', async () => {
    const x = await t.createUser({ role: 'admin', name: 'Equis' });
    const y = await t.createUser({ role: 'admin', name: 'Ye' });
    const [xy, yx] = await Promise.all([
      as(x, 'PUT', `/api/users/${y.userProfile.id}/role`, { role: 'user' }),
      as(y, 'PUT', `/api/users/${x.userProfile.id}/role`, { role: 'user' }),
    ]);
    expect([xy.statusCode, yx.statusCode].sort()).toEqual([200, 403]);
    const roleOf = async (who: SignInResponse) =>
      (await as(admin, 'GET', `/api/users/${who.userProfile.id}`)).json().data.role;
    expect([await roleOf(x), await roleOf(y)].sort()).toEqual(['admin', 'user']);
  });
});

describe('deleting an account', () => {
  it('gives the place back to the pool, ends the sessions and drops the account from the ranking', async () => {
    const owner = await t.createUser();
    const leaving = await t.createUser({ name: 'Se va' });
    const pool = await t.api.pool(owner, { players: [ana, leaving] });
    expect((await as(leaving, 'DELETE', `/api/users/${ana.userProfile.id}`)).statusCode).toBe(403);

    const res = await as(leaving, 'DELETE', `/api/users/${leaving.userProfile.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cuenta eliminada.');
    expect((await as(leaving, 'GET', '/auth/profile')).statusCode).toBe(401);
    expect((await as(owner, 'GET', `/api/pools/${pool.id}`)).json().data.currentParticipants).toBe(1);
    const ranking = (await as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json();
    expect(ranking.leaderboard.positions.map((p: { username: string }) => p.username)).toEqual(['Ana']);
    expect((await as(admin, 'GET', `/api/users/${leaving.userProfile.id}`)).statusCode).toBe(404);
  });

  it("is refused while the account created pools others play in, and for an admin's own account", async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { players: [beto] });
    const refused = await as(owner, 'DELETE', `/api/users/${owner.userProfile.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/creó quinielas/);
    expect((await as(beto, 'GET', `/api/pools/${pool.id}`)).statusCode).toBe(200);

    const self = await as(admin, 'DELETE', `/api/users/${admin.userProfile.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/no puede eliminar su propia cuenta/);

    // An admin may delete another account (and a pool without participants goes with it).
    const lonely = await t.createUser();
    const emptyPool = await t.api.pool(lonely);
    expect((await as(admin, 'DELETE', `/api/users/${lonely.userProfile.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/pools/${emptyPool.id}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/users/999999')).statusCode).toBe(404);
    expect((await anonymous('DELETE', `/api/users/${ana.userProfile.id}`)).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('lists the built-in roles with how many accounts hold them', async () => {
    const res = await as(ana, 'GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((r: { name: string }) => [r.name, r]));
    expect(byName.user).toMatchObject({ builtIn: true, description: 'Jugador', userCount: expect.any(Number) });
    expect(byName.admin).toMatchObject({ builtIn: true, userCount: expect.any(Number) });
    expect(byName.admin.userCount).toBeGreaterThanOrEqual(1);
    expect((await as(ana, 'GET', `/api/roles/${byName.user.id}`)).json().data.name).toBe('user');
    expect((await as(ana, 'GET', '/api/roles/999999')).statusCode).toBe(404);
    expect((await anonymous('GET', '/api/roles')).statusCode).toBe(401);
  });

  it('creates, renames and deletes other roles (admin), with unique valid names', async () => {
    expect((await as(ana, 'POST', '/api/roles', { name: 'moderador' })).statusCode).toBe(403);
    const created = await as(admin, 'POST', '/api/roles', { name: ' Moderador ', description: 'Revisa quinielas' });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'moderador', description: 'Revisa quinielas', builtIn: false, userCount: 0 });

    const duplicate = await as(admin, 'POST', '/api/roles', { name: 'moderador' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Ya existe un rol con ese nombre.');
    for (const payload of [
      {},
      { name: 'con espacios' },
      { name: 'x' },
      { name: '1abc' },
      { name: 'árbitro' },
      { name: 'ok', description: 'x'.repeat(201) },
    ]) {
      expect((await as(admin, 'POST', '/api/roles', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    const renamed = await as(admin, 'PATCH', `/api/roles/${role.id}`, { name: 'revisor' });
    expect(renamed.json().data.name).toBe('revisor');
    expect((await as(admin, 'PATCH', `/api/roles/${role.id}`, { name: 'admin' })).statusCode).toBe(409);
    expect((await as(admin, 'PATCH', `/api/roles/${role.id}`, {})).statusCode).toBe(400);
    expect((await as(ana, 'PATCH', `/api/roles/${role.id}`, { description: 'x' })).statusCode).toBe(403);

    expect((await as(ana, 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(403);
    const deleted = await as(admin, 'DELETE', `/api/roles/${role.id}`);
    expect(deleted.json()).toEqual({ message: 'Rol eliminado.' });
    expect((await as(admin, 'GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('never renames or deletes user and admin, and never deletes a role in use', async () => {
    const list = (await as(admin, 'GET', '/api/roles')).json().data as { id: number; name: string }[];
    for (const builtIn of list.filter((r) => r.name === 'user' || r.name === 'admin')) {
      const rename = await as(admin, 'PATCH', `/api/roles/${builtIn.id}`, { name: `${builtIn.name}s` });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().message).toBe('Los roles integrados (user y admin) no se pueden renombrar ni eliminar.');
      expect((await as(admin, 'DELETE', `/api/roles/${builtIn.id}`)).statusCode).toBe(409);
    }
    const userRole = list.find((r) => r.name === 'user')!;
    const described = await as(admin, 'PATCH', `/api/roles/${userRole.id}`, {
      name: 'user',
      description: 'Jugador de quinielas',
    });
    expect(described.json().data).toMatchObject({ name: 'user', description: 'Jugador de quinielas' });

    // Accounts hold user or admin through the API; a role given to an account by other means still cannot go.
    const held = (await as(admin, 'POST', '/api/roles', { name: 'invitado' })).json().data;
    const guest = await t.createUser();
    await t.db.update(usersTable).set({ roleId: held.id }).where(eq(usersTable.id, guest.userProfile.id));
    const inUse = await as(admin, 'DELETE', `/api/roles/${held.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('El rol está asignado a usuarios: no se puede eliminar.');
    await t.db.update(usersTable).set({ roleId: userRole.id }).where(eq(usersTable.id, guest.userProfile.id));
    expect((await as(admin, 'DELETE', `/api/roles/${held.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(roles).where(eq(roles.id, held.id))).toEqual([]);
  });
});

describe('correcting a result', () => {
  let home: Team;
  let away: Team;
  beforeAll(async () => {
    home = await t.api.team(admin, { name: 'Correctores FC' });
    away = await t.api.team(admin, { name: 'Auditados CF' });
  });

  it('finished 2–1 becoming 1–1 moves the ranking, and the audit trail says who, when and what', async () => {
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { players: [ana, beto] });
    const match = await t.api.match(admin, {
      weekNumber: 12,
      matchDate: '2026-11-28T20:00:00Z',
      homeTeamId: home.id,
      awayTeamId: away.id,
    });
    await t.api.predict(ana, pool, match, 'home');
    await t.api.predict(beto, pool, match, 'draw');
    const ranking = async () =>
      (await as(ana, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`))
        .json()
        .leaderboard.positions.map((p: { username: string; points: number; position: number }) => [
          p.position,
          p.username,
          p.points,
        ]);

    await t.api.result(admin, match, 2, 1);
    expect(await ranking()).toEqual([
      [1, 'Ana', 3],
      [2, 'Beto', 0],
    ]);
    // Not a result change: nothing recorded.
    await as(admin, 'PATCH', `/api/matches/${match.id}`, { kickoffConfirmed: true });

    const corrected = await as(admin, 'PATCH', `/api/matches/${match.id}`, { scoreHome: 1, scoreAway: 1 });
    expect(corrected.json().data).toMatchObject({ status: 'finished', scoreHome: 1, scoreAway: 1 });
    expect(await ranking()).toEqual([
      [1, 'Beto', 3],
      [2, 'Ana', 0],
    ]);

    // Any signed-in user may read it: results are public.
    const audit = await as(beto, 'GET', `/api/matches/${match.id}/result-changes`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data).toEqual([
      {
        id: expect.any(Number),
        matchId: match.id,
        changedAt: expect.any(String),
        source: 'admin',
        changedBy: 'Admin Uno',
        before: { status: 'scheduled', scoreHome: null, scoreAway: null },
        after: { status: 'finished', scoreHome: 2, scoreAway: 1 },
      },
      expect.objectContaining({
        source: 'admin',
        changedBy: 'Admin Uno',
        before: { status: 'finished', scoreHome: 2, scoreAway: 1 },
        after: { status: 'finished', scoreHome: 1, scoreAway: 1 },
      }),
    ]);
    expect(audit.body).not.toMatch(/@example\.com/);
    expect(Number.isNaN(Date.parse(audit.json().data[1].changedAt))).toBe(false);

    expect((await anonymous('GET', `/api/matches/${match.id}/result-changes`)).statusCode).toBe(401);
    expect((await as(ana, 'GET', '/api/matches/999999/result-changes')).statusCode).toBe(404);
    expect((await as(ana, 'GET', '/api/matches/0/result-changes')).statusCode).toBe(400);
  });

  it('keeps refusing a team with matches and a match with predictions (409)', async () => {
    const match = await t.api.match(admin, {
      weekNumber: 13,
      matchDate: '2026-12-05T20:00:00Z',
      homeTeamId: home.id,
      awayTeamId: away.id,
    });
    const owner = await t.createUser();
    const pool = await t.api.pool(owner, { players: [ana] });
    await t.api.predict(ana, pool, match, 'away');
    expect((await as(admin, 'DELETE', `/api/matches/${match.id}`)).statusCode).toBe(409);
    expect((await as(admin, 'DELETE', `/api/teams/${home.id}`)).statusCode).toBe(409);
  });
});

describe('importing results as an admin', () => {
  let laliga: SourceFile;
  beforeAll(async () => {
    laliga = await laligaFile();
    await seedFootballData(t.app.services);
  }, 60_000);

  const importAs = (who: SignInResponse, payload: object) => as(who, 'POST', '/api/admin/import-results', payload);
  const jobOf = async (id: number): Promise<ImportJob> => {
    const res = await as(admin, 'GET', `/api/admin/import-jobs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { job: ImportJob } }>().data.job;
  };
  /** Starts an import (202, a running job), waits for the job's end in this process and answers the job. */
  const imported = async (payload: object): Promise<ImportJob> => {
    const res = await importAs(admin, payload);
    expect(res.statusCode, res.body).toBe(202);
    const { job } = res.json<{ data: { job: ImportJob } }>().data;
    expect(job.status).toBe('running');
    await t.app.importJobSettled(job.id);
    return jobOf(job.id);
  };
  const jobCount = async () => (await t.db.select({ id: importJobs.id }).from(importJobs)).length;

  it('is for admins only', async () => {
    expect((await importAs(ana, laliga)).statusCode).toBe(403);
    expect((await anonymous('POST', '/api/admin/import-results', laliga)).statusCode).toBe(401);
    for (const url of ['/api/admin/import-jobs', '/api/admin/import-jobs/1']) {
      expect((await as(ana, 'GET', url)).statusCode, url).toBe(403);
      expect((await anonymous('GET', url)).statusCode, url).toBe(401);
    }
  });

  it('applies an uploaded file, moves the standings, answers what changed, and is idempotent', async () => {
    const row = laliga.matches.find((m) => m.date > '2026-11-22' && !m.score)!;
    const match = await seededMatch(t, admin, row);
    expect(match.status).toBe('scheduled');
    const owner = await t.createUser();
    const player = await t.createUser({ name: 'Acierta' });
    const pool = await t.api.pool(owner, { players: [player] });
    await t.api.predict(player, pool, match, 'away');
    // The match is played (a result is saved only after kick-off): the import runs the day after it.
    now = new Date(Date.parse(match.matchDate) + 24 * 3_600_000);
    onTestFinished(() => {
      now = today;
    });

    const edited: SourceFile = {
      ...laliga,
      matches: laliga.matches.map((m) => (m === row ? { ...m, score: { ft: [0, 3] } } : m)),
    };
    const res = await importAs(admin, edited);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      message: 'Importación en marcha.',
      data: {
        job: {
          id: expect.any(Number),
          status: 'running',
          trigger: 'admin',
          source: 'archivo subido',
          startedAt: now.toISOString(),
          finishedAt: null,
          progress: null,
          summary: null,
          error: null,
        },
      },
    });
    const { id } = res.json<{ data: { job: ImportJob } }>().data.job;
    await t.app.importJobSettled(id);
    const job = await jobOf(id);
    expect(job).toMatchObject({
      id,
      status: 'succeeded',
      source: 'archivo subido',
      finishedAt: now.toISOString(),
      progress: { done: 380, total: 380 },
      error: null,
      summary: {
        source: 'archivo subido',
        ...ONE_RESULT_IMPORTED,
        changesTruncated: false,
      },
    });
    expect(job.summary!.changes).toEqual([
      {
        matchId: match.id,
        competition: 'laliga-2026-27',
        round: row.round,
        homeTeamId: match.homeTeamId,
        awayTeamId: match.awayTeamId,
        before: expect.objectContaining({ status: 'scheduled', scoreHome: null, scoreAway: null }),
        after: expect.objectContaining({ status: 'finished', scoreHome: 0, scoreAway: 3 }),
      },
    ]);
    const ranking = (await as(player, 'GET', `/api/leaderboard/pool/${pool.id}/ranking`)).json();
    expect(ranking.leaderboard.positions).toMatchObject([
      { position: 1, userId: player.userProfile.id, username: 'Acierta', points: 3 },
    ]);
    const audit = (await as(player, 'GET', `/api/matches/${match.id}/result-changes`)).json().data;
    expect(audit).toEqual([
      expect.objectContaining({
        source: 'import',
        changedBy: 'importación',
        after: { status: 'finished', scoreHome: 0, scoreAway: 3 },
      }),
    ]);

    const again = await imported(edited);
    expect(again.summary).toMatchObject({ updated: 0, created: 0, unchanged: 380, changes: [] });

    // The latest jobs, newest first.
    const latest = (await as(admin, 'GET', '/api/admin/import-jobs')).json<{ data: ImportJob[] }>().data;
    expect(latest.slice(0, 2).map((j) => j.id)).toEqual([again.id, id]);
    expect(latest[0]).toEqual(again);
  });

  it('reports a running job whose instance died as failed', async () => {
    const stale = new Date(now.getTime() - 3 * 60_000);
    const recent = new Date(now.getTime() - 60_000);
    const [dead, alive] = await t.db
      .insert(importJobs)
      .values([
        {
          status: 'running',
          source: 'archivo subido',
          startedAt: stale,
          updatedAt: stale,
          progressDone: 100,
          progressTotal: 380,
        },
        {
          status: 'running',
          source: 'archivo subido',
          startedAt: recent,
          updatedAt: recent,
          progressDone: 50,
          progressTotal: 380,
        },
      ])
      .returning();
    expect(await jobOf(dead!.id)).toEqual({
      id: dead!.id,
      status: 'failed',
      trigger: 'admin',
      source: 'archivo subido',
      startedAt: stale.toISOString(),
      finishedAt: stale.toISOString(),
      progress: { done: 100, total: 380 },
      summary: null,
      error: 'La importación se interrumpió (el servidor se detuvo).',
    });
    expect(await jobOf(alive!.id)).toMatchObject({
      status: 'running',
      progress: { done: 50, total: 380 },
      error: null,
    });
    const listed = (await as(admin, 'GET', '/api/admin/import-jobs')).json<{ data: ImportJob[] }>().data;
    expect(listed.find((j) => j.id === dead!.id)?.status).toBe('failed');
    await t.db.delete(importJobs).where(eq(importJobs.id, alive!.id));
  });

  it('answers 404 for an unknown job and 400 for a bad id', async () => {
    const missing = await as(admin, 'GET', '/api/admin/import-jobs/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Esa importación no existe.');
    expect((await as(admin, 'GET', '/api/admin/import-jobs/abc')).statusCode).toBe(400);
  });

  it('takes files bigger than the usual 64 KiB limit, up to 2 MB', async () => {
    const padded = { ...laliga, comment: 'x'.repeat(300_000) };
    expect((await imported(padded)).status).toBe('succeeded');
    const tooBig = await importAs(admin, { ...laliga, comment: 'x'.repeat(2_200_000) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('La solicitud es demasiado grande.');
  });

  it('refuses bad input at once, before writing anything or starting a job', async () => {
    const jobsBefore = await jobCount();
    const before = await t.db
      .select({ id: matches.id, status: matches.status, scoreHome: matches.scoreHome })
      .from(matches);
    const row = laliga.matches.find((m) => !m.score)!;
    const cases: [object, RegExp][] = [
      [{}, /archivo de openfootball/],
      [{ name: 'Spain Primera División 2026/27' }, /archivo de openfootball/],
      [{ url: 'https://example.org/x.json', name: 'x', matches: [] }, /archivo de openfootball/],
      [{ name: 'Serie A 2026/27', matches: [] }, /Competición desconocida: «Serie A 2026\/27»/],
      [
        {
          ...laliga,
          matches: [
            { ...row, score: { ft: [1, 0] } },
            { ...row, date: 'mañana' },
          ],
        },
        /formato de openfootball: matches\.1\.date/,
      ],
      [
        {
          ...laliga,
          matches: [
            { ...row, score: { ft: [1, 0] } },
            { ...row, round: 'Jornada Uno' },
          ],
        },
        /formato de openfootball: .*jornada no reconocida/,
      ],
      [{ url: 'ftp://example.org/es.1.json' }, /http:\/\/ o https:\/\//],
      [{ url: 'no es una url' }, /http:\/\/ o https:\/\//],
      // An address written in the URL is refused without connecting: no job.
      [{ url: 'http://127.0.0.1:5432/' }, /solo se importan URL públicas/],
    ];
    for (const [payload, message] of cases) {
      const res = await importAs(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const after = await t.db
      .select({ id: matches.id, status: matches.status, scoreHome: matches.scoreHome })
      .from(matches);
    expect(after).toEqual(before);
    expect(await jobCount()).toBe(jobsBefore);
  });

  describe('from a URL', () => {
    let server: Server;
    let port: number;
    let hits: string[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        hits.push(request.url ?? '/');
        if (request.url === '/es.1.json') return response.end(JSON.stringify(laliga));
        if (request.url === '/otra.json') return response.end(JSON.stringify({ name: 'Serie A 2026/27', matches: [] }));
        if (request.url === '/salto') {
          response.writeHead(302, { location: `http://interno.example.org:${port}/es.1.json` });
          return response.end();
        }
        response.writeHead(404).end('not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      dnsAnswers.set('datos.example.org', () => ['127.0.0.1']);
      dnsAnswers.set('saltos.example.org', () => ['127.0.0.1']);
      dnsAnswers.set('interno.example.org', () => ['0.0.0.0']);
      dnsAnswers.set('mixto.example.org', () => ['127.0.0.1', '0.0.0.0']);
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    afterEach(() => {
      hits = [];
    });

    /**
     * An address written in the URL is refused at once (400); a name is refused when it is looked up,
     * in the job, which fails with the same message.
     */
    const refusedWithoutConnecting = async (url: string) => {
      const res = await importAs(admin, { url });
      const privateOnly = 'Por seguridad solo se importan URL públicas (no direcciones locales ni privadas).';
      if (isIP(new URL(url).hostname.replace(/^\[|\]$/g, ''))) {
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(privateOnly);
        return;
      }
      expect(res.statusCode, url).toBe(202);
      const { id } = res.json<{ data: { job: ImportJob } }>().data.job;
      await t.app.importJobSettled(id);
      expect(await jobOf(id), url).toMatchObject({
        status: 'failed',
        summary: null,
        error: privateOnly,
        finishedAt: now.toISOString(),
      });
    };

    it('reads a public URL', async () => {
      const url = `http://datos.example.org:${port}/es.1.json`;
      const ok = await imported({ url });
      expect(ok).toMatchObject({ status: 'succeeded', source: url, summary: { source: url, matchesSeen: 380 } });
      expect(hits).toEqual(['/es.1.json']);

      const missingUrl = `http://datos.example.org:${port}/no-existe.json`;
      const missing = await imported({ url: missingUrl });
      expect(missing).toMatchObject({
        status: 'failed',
        source: missingUrl,
        progress: null,
        summary: null,
        error: 'No se pudo leer la fuente de resultados.',
      });
    });

    it("fails the job with the file's first problem when the URL answers something else than a usable file", async () => {
      const url = `http://datos.example.org:${port}/otra.json`;
      expect(await imported({ url })).toMatchObject({
        status: 'failed',
        error: 'Competición desconocida: «Serie A 2026/27». Se admiten la Copa Mundial 2026 y LaLiga 2026/27.',
      });
    });

    it('refuses local or private addresses, by name or written in the URL, also behind a redirect', async () => {
      for (const url of [
        `http://0.0.0.0:${port}/es.1.json`,
        `http://127.0.0.2:${port}/es.1.json`,
        `http://[::1]:${port}/es.1.json`,
        `http://[::ffff:7f00:2]:${port}/es.1.json`,
        `http://interno.example.org:${port}/es.1.json`,
        // One private address in the answer is enough, wherever it comes in it.
        `http://mixto.example.org:${port}/es.1.json`,
        `http://saltos.example.org:${port}/salto`,
      ])
        await refusedWithoutConnecting(url);
      expect(hits).toEqual(['/salto']);
    });

    it('checks the address it connects to, so a DNS answer that changes after a check (rebinding) is refused', async () => {
      let lookups = 0;
      dnsAnswers.set('cambiante.example.org', () => (++lookups === 1 ? ['127.0.0.1'] : ['0.0.0.0']));
      const url = `http://cambiante.example.org:${port}/es.1.json`;
      expect((await imported({ url })).status).toBe('succeeded');
      expect(hits).toEqual(['/es.1.json']);

      await refusedWithoutConnecting(url);
      expect(lookups).toBe(2);
      expect(hits).toEqual(['/es.1.json']);
    });
  });
});

describe('the OpenAPI document', () => {
  it('states the role each new endpoint requires', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const summary = (path: string, method: string) => doc.paths[path]?.[method]?.summary ?? '';
    for (const [path, method] of [
      ['/api/users/{id}/role', 'put'],
      ['/api/roles', 'post'],
      ['/api/roles/{id}', 'patch'],
      ['/api/roles/{id}', 'delete'],
      ['/api/admin/import-results', 'post'],
      ['/api/admin/import-jobs', 'get'],
      ['/api/admin/import-jobs/{id}', 'get'],
      ['/api/admin/results-source', 'get'],
      ['/api/admin/results-source', 'put'],
    ] as const) {
      expect(summary(path, method), `${method} ${path}`).toMatch(/\(admin\)/);
    }
    for (const [path, method] of [
      ['/api/users', 'get'],
      ['/api/users/{id}', 'get'],
      ['/api/users/{id}', 'patch'],
      ['/api/users/{id}', 'delete'],
    ] as const) {
      expect(summary(path, method), `${method} ${path}`).toMatch(/admin/);
    }
    expect(summary('/api/matches/{id}/result-changes', 'get')).toMatch(/usuario con sesión/);
    expect(summary('/api/roles', 'get')).not.toBe('');
  });
});
