import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '#contract/index';
import { createTestApp, type TestApp } from '#tests/support/test-app';
import { SoftAuthenticator } from '#tests/support/soft-authenticator';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { WEBAUTHN_ORIGINS: ORIGIN } });
});
afterAll(() => t.close());

const as = (who: SignInResponse, url: string, payload?: object) => t.as(who, 'POST', url, payload);

async function registeredUser() {
  const user = await t.createUser({ name: 'Huella' });
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = (await as(user, '/auth/passkeys/register/options')).json().data;
  const res = await as(user, '/auth/passkeys/register/verify', { response: authenticator.register(options) });
  expect(res.statusCode).toBe(201);
  return { user, authenticator };
}

const loginOptions = async () => (await t.app.inject({ method: 'POST', url: '/auth/passkeys/login/options', payload: {} })).json().data;
const loginVerify = (response: object) => t.app.inject({ method: 'POST', url: '/auth/passkeys/login/verify', payload: { response } });

describe('passkey registration', () => {
  it('asks for ES256, a platform authenticator, user verification and 60 s', async () => {
    const user = await t.createUser();
    const res = await as(user, '/auth/passkeys/register/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      rp: { id: 'localhost', name: 'Quiniela' },
      timeout: 60000,
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'required' },
      attestation: 'none',
    });
    expect(res.json().data.user.name).toBe(user.userProfile.email);
  });

  it('verifies and stores the credential for the signed-in user only', async () => {
    const { user, authenticator } = await registeredUser();
    const list = await t.injectAs(user.session.accessToken, { method: 'GET', url: '/auth/passkeys' });
    expect(list.json().data).toEqual([expect.objectContaining({ id: authenticator.id, lastUsedAt: null })]);
    const other = await t.createUser();
    expect((await t.injectAs(other.session.accessToken, { method: 'GET', url: '/auth/passkeys' })).json().data).toEqual([]);
  });

  it('refuses a replayed registration, an unverified user and a challenge issued to someone else', async () => {
    const user = await t.createUser();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = (await as(user, '/auth/passkeys/register/options')).json().data;
    const response = authenticator.register(options);
    expect((await as(user, '/auth/passkeys/register/verify', { response })).statusCode).toBe(201);
    const replay = await as(user, '/auth/passkeys/register/verify', { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/no es válida o ha caducado/);

    const unverified = new SoftAuthenticator(ORIGIN);
    unverified.userVerified = false;
    const fresh = (await as(user, '/auth/passkeys/register/options')).json().data;
    const res = await as(user, '/auth/passkeys/register/verify', { response: unverified.register(fresh) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fallo al registrar la biometría.');

    const thief = await t.createUser();
    const stolen = (await as(user, '/auth/passkeys/register/options')).json().data;
    expect((await as(thief, '/auth/passkeys/register/verify', { response: new SoftAuthenticator(ORIGIN).register(stolen) })).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/passkeys/register/options' })).statusCode).toBe(401);
  });
});

describe('passkey sign-in', () => {
  it('returns the same session and profile as a password sign-in, and counts the use', async () => {
    const { user, authenticator } = await registeredUser();
    const res = await loginVerify(authenticator.authenticate(await loginOptions()));
    expect(res.statusCode).toBe(200);
    const body = res.json<SignInResponse>();
    expect(body.userProfile).toEqual(user.userProfile);
    expect(body.session.tokenType).toBe('Bearer');
    const profile = await t.injectAs(body.session.accessToken, { method: 'GET', url: '/auth/profile' });
    expect(profile.json().data.id).toBe(user.userProfile.id);
  });

  it('rejects a replayed challenge', async () => {
    const { authenticator } = await registeredUser();
    const response = authenticator.authenticate(await loginOptions());
    expect((await loginVerify(response)).statusCode).toBe(200);
    const replay = await loginVerify(response);
    expect(replay.statusCode).toBe(401);
  });

  it('rejects a wrong origin, a tampered signature, an unverified user and an unknown credential', async () => {
    const { authenticator } = await registeredUser();
    expect((await loginVerify(authenticator.authenticate(await loginOptions(), { origin: 'https://evil.example' }))).json().message).toBe(
      'Fallo en el inicio de sesión biométrico.',
    );

    const tampered = authenticator.authenticate(await loginOptions());
    const signature = Buffer.from(tampered.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 0xff;
    tampered.response.signature = signature.toString('base64url');
    expect((await loginVerify(tampered)).statusCode).toBe(401);

    authenticator.userVerified = false;
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(401);

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } });
    const unknown = await loginVerify(stranger.authenticate(await loginOptions()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Esta credencial biométrica no está registrada.');
  });

  it('rejects a counter that goes backwards (a cloned authenticator)', async () => {
    const { authenticator } = await registeredUser();
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(200);
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(200);
    authenticator.counter = 0;
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(401);
  });

  it('rejects an expired challenge', async () => {
    const { authenticator } = await registeredUser();
    const options = await loginOptions();
    const saved = now;
    now = new Date(now.getTime() + 5 * 60_000);
    try {
      expect((await loginVerify(authenticator.authenticate(options))).statusCode).toBe(401);
    } finally {
      now = saved;
    }
  });

  it('lets a user remove their passkey, after which it no longer signs in', async () => {
    const { user, authenticator } = await registeredUser();
    const other = await t.createUser();
    expect((await t.injectAs(other.session.accessToken, { method: 'DELETE', url: `/auth/passkeys/${authenticator.id}` })).statusCode).toBe(404);
    expect((await t.injectAs(user.session.accessToken, { method: 'DELETE', url: `/auth/passkeys/${authenticator.id}` })).statusCode).toBe(200);
    expect((await loginVerify(authenticator.authenticate(await loginOptions()))).statusCode).toBe(401);
  });

  it('rejects malformed responses with a 400', async () => {
    expect((await loginVerify({ id: 'not base64!', type: 'public-key' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/auth/passkeys/login/verify', payload: {} })).statusCode).toBe(400);
  });
});

describe('passkey availability for an origin', () => {
  const availability = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('is true for a configured origin and false elsewhere, IP addresses included, without a session', async () => {
    expect(await availability(`/auth/passkeys/availability?origin=${encodeURIComponent(ORIGIN)}`)).toEqual({ available: true });
    expect(await availability('/auth/passkeys/availability?origin=http%3A%2F%2F127.0.0.1%3A3000')).toEqual({ available: false });
    expect(await availability('/auth/passkeys/availability?origin=http%3A%2F%2Flocalhost%3A4000')).toEqual({ available: false });
    expect(await availability('/auth/passkeys/availability?origin=nonsense')).toEqual({ available: false });
  });

  it('without the parameter, judges the Origin header, else the request address', async () => {
    expect(await availability('/auth/passkeys/availability', { origin: ORIGIN })).toEqual({ available: true });
    expect(await availability('/auth/passkeys/availability', { host: 'localhost:3000' })).toEqual({ available: true });
    expect(await availability('/auth/passkeys/availability', { host: '127.0.0.1:3000' })).toEqual({ available: false });
  });
});
