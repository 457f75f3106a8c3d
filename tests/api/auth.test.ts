import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema';
import { createTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n;

const expectApiError = (res: { statusCode: number; json: () => unknown }, status: number, message?: string | RegExp) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { statusCode: number; error: string; message: string };
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toMatch(message);
  return body;
};

describe('POST /auth/signup', () => {
  it('creates an account and answers with its profile (no secrets)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { name: '  Ana García ', email: ' Ana@Example.COM ', password: 'una-clave-larga' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({ name: 'Ana García', email: 'ana@example.com', role: 'user' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|scrypt/i);
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('una-clave-larga');
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { name: 'Otra Ana', email: 'ANA@example.com', password: 'otra-clave-larga' },
    });
    expectApiError(res, 409, 'Ya existe una cuenta con ese correo electrónico.');
  });

  it('gives exactly one account to simultaneous sign-ups with the same e-mail', async () => {
    const payload = { name: 'Carrera', email: 'carrera@example.com', password: 'clave-de-carrera' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/auth/signup', payload })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it.each([
    [{}, /nombre/],
    [{ name: 'Sin correo', password: 'clave-larga-1' }, /correo/],
    [{ name: 'Sin clave', email: 'sinclave@example.com' }, /contraseña/],
    [{ name: '   ', email: 'blanco@example.com', password: 'clave-larga-1' }, /nombre/],
    [{ name: 'Correo malo', email: 'no-es-correo', password: 'clave-larga-1' }, /correo electrónico no es válido/],
    [{ name: 'Corta', email: 'corta@example.com', password: 'corta' }, /al menos 8 caracteres/],
    [{ name: 42, email: 'tipo@example.com', password: 'clave-larga-1' }, /nombre/],
    [{ name: 'Tipo', email: ['x@example.com'], password: 'clave-larga-1' }, /correo/],
    [{ name: 'x'.repeat(81), email: 'largo@example.com', password: 'clave-larga-1' }, /máximo 80/],
  ])('rejects invalid body %j with 400 naming the field, storing nothing', async (payload, message) => {
    const before = await userCount();
    expectApiError(await t.app.inject({ method: 'POST', url: '/auth/signup', payload }), 400, message);
    expect(await userCount()).toBe(before);
  });

  it('rejects malformed JSON, a wrong content type and a huge body with 4xx JSON', async () => {
    const before = await userCount();
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"name": "a",' }),
      400,
      'El cuerpo de la solicitud no es un JSON válido.',
    );
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/auth/signup', headers: { 'content-type': 'text/plain' }, payload: 'hola' }),
      415,
    );
    const huge = 'a'.repeat(100_000);
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { name: huge, email: 'huge@example.com', password: huge } }),
      413,
      'La solicitud es demasiado grande.',
    );
    expect(await userCount()).toBe(before);
  });

  it('stores injection strings as plain text, never executing them', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { name, email: 'bobby@example.com', password: "' OR '1'='1" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe(name);
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: "' OR 1=1 --@x.com", password: "' OR '1'='1" } }),
      400,
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: 'bobby@example.com', password: "' OR '1'='1" },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('sign-in, profile and sign-out', () => {
  it('signs in with the right password and returns session and userProfile', async () => {
    const { session, userProfile } = await t.api.user({ name: 'Luis' });
    expect(session.tokenType).toBe('Bearer');
    expect(session.accessToken.length).toBeGreaterThanOrEqual(40);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(now.getTime());
    expect(userProfile).toMatchObject({ name: 'Luis', role: 'user' });

    const profile = await t.injectAs(session.accessToken, { method: 'GET', url: '/auth/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toEqual(userProfile);
  });

  it('/auth/login is the same as /auth/signin', async () => {
    const { userProfile } = await t.api.user({ email: 'login-alias@example.com', password: 'clave-alias-1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'login-alias@example.com', password: 'clave-alias-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userProfile).toEqual(userProfile);
  });

  it('stores only a hash of the token', async () => {
    const { session, userProfile } = await t.api.user();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, userProfile.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(session.accessToken);
  });

  it('answers an unknown e-mail and a wrong password with the same 401 message', async () => {
    await t.api.user({ email: 'existe@example.com', password: 'clave-correcta' });
    const wrong = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: 'existe@example.com', password: 'mala' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: 'nadie@example.com', password: 'mala' } });
    expectApiError(wrong, 401, 'Correo o contraseña incorrectos.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('revokes the token on sign-out', async () => {
    const { session } = await t.api.user();
    const out = await t.injectAs(session.accessToken, { method: 'POST', url: '/auth/signout' });
    expect(out.statusCode).toBe(200);
    // Not "caducado": it was ended, and the server cannot tell a revoked token from one swept after expiring.
    expectApiError(await t.injectAs(session.accessToken, { method: 'GET', url: '/auth/profile' }), 401, 'Tu sesión se cerró o caducó. Inicia sesión de nuevo.');
    expectApiError(await t.injectAs(session.accessToken, { method: 'POST', url: '/auth/signout' }), 401);
  });

  it('rejects missing, malformed and unknown tokens with 401', async () => {
    expectApiError(await t.app.inject({ method: 'GET', url: '/auth/profile' }), 401, 'Debes iniciar sesión.');
    expectApiError(await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: 'Basic abc' } }), 401);
    expectApiError(await t.injectAs('not-a-real-token', { method: 'GET', url: '/auth/profile' }), 401);
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/matches' }), 401);
  });

  it('expires sessions after the configured lifetime', async () => {
    const { session } = await t.api.user();
    const saved = now;
    now = new Date(new Date(session.expiresAt).getTime() + 1000);
    try {
      expectApiError(await t.injectAs(session.accessToken, { method: 'GET', url: '/auth/profile' }), 401, 'Tu sesión ha caducado. Inicia sesión de nuevo.');
    } finally {
      now = saved;
    }
  });
});

describe('rate limits', () => {
  it('locks password sign-in for an account after 10 failures in 15 minutes, then lets it in again', async () => {
    const email = 'objetivo@example.com';
    await t.api.user({ email, password: 'la-buena-clave' });
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: `intento-${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: 'la-buena-clave' } });
    expectApiError(locked, 429, 'Demasiados intentos fallidos. Inténtalo de nuevo en unos minutos.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Another account from the same address is not affected.
    const other = await t.api.user();
    expect(other.session.accessToken).toBeTruthy();

    const saved = now;
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    try {
      const again = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: 'la-buena-clave' } });
      expect(again.statusCode).toBe(200);
    } finally {
      now = saved;
    }
  });
});

describe('sign-in failure limit under simultaneous guesses', () => {
  const tally = (codes: number[]) => ({
    evaluated: codes.filter((c) => c === 401 || c === 200).length,
    failed: codes.filter((c) => c === 401).length,
    signedIn: codes.filter((c) => c === 200).length,
    refused: codes.filter((c) => c === 429).length,
  });
  const guess = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password } }).then((r) => r.statusCode);

  it('evaluates at most SIGNIN_MAX_FAILURES of 95 wrong passwords sent at once', async () => {
    const email = 'asedio@example.com';
    await t.api.user({ email, password: 'la-clave-real' });
    const codes = await Promise.all(Array.from({ length: 95 }, (_, i) => guess(email, `paralelo-${i}`)));
    expect(tally(codes)).toEqual({ evaluated: 10, failed: 10, signedIn: 0, refused: 85 });
  }, 120_000);

  it('hides no session among 60 parallel guesses beyond the limit', async () => {
    const email = 'escondida@example.com';
    await t.api.user({ email, password: 'la-clave-real' });
    // The right password is the last one sent: by then every slot of the window is taken.
    const passwords = [...Array.from({ length: 59 }, (_, i) => `mezcla-${i}`), 'la-clave-real'];
    const result = tally(await Promise.all(passwords.map((p) => guess(email, p))));
    expect(result.failed).toBeLessThanOrEqual(10);
    // A right password gives its slot back, which may let one more guess in: never more.
    expect(result.evaluated).toBeLessThanOrEqual(10 + result.signedIn);
    expect(result.refused).toBeGreaterThanOrEqual(49);
  }, 120_000);

  it('keeps counting earlier failures after a right password (it only gives back its own attempt)', async () => {
    const email = 'cuenta-propia@example.com';
    await t.api.user({ email, password: 'la-clave-real' });
    for (let i = 0; i < 9; i += 1) expect(await guess(email, `error-${i}`)).toBe(401);
    expect(await guess(email, 'la-clave-real')).toBe(200);
    expect(await guess(email, 'error-9')).toBe(401);
    expect(await guess(email, 'la-clave-real')).toBe(429);
  }, 60_000);
});

describe('per-address limit on credential endpoints', () => {
  it('answers 429 past the configured requests per minute from one address', async () => {
    const limited = await createTestApp({ env: { AUTH_IP_MAX_PER_MINUTE: '5' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await limited.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: `ip${i}@example.com`, password: 'x' } });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
      const res = await limited.app.inject({ method: 'POST', url: '/auth/signup', payload: {} });
      expectApiError(res, 429, 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.');
    } finally {
      await limited.close();
    }
  });
});
