import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/** Passwords, tokens and push keys never reach the logs; sign-in does not tell which e-mails exist. */
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logDestination: sink });
});
afterAll(() => t.close());

describe('secrets', () => {
  it('are never written to the logs', async () => {
    const password = 'contraseña-muy-secreta-123';
    const { session } = await t.api.user({ email: 'registro@example.com', password });
    const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const auth = 'tBHItJI5svbpez7KI4CCXg';
    const res = await t.injectAs(session.accessToken, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'https://push.example.com/abc', keys: { p256dh, auth } },
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.injectAs(session.accessToken, { method: 'GET', url: '/auth/profile' });

    const logs = logLines.join('\n');
    expect(logs).toContain('/auth/profile'); // the requests were logged…
    for (const secret of [password, session.accessToken, p256dh, auth]) expect(logs).not.toContain(secret); // …their secrets not
  });

  it('take about as long to reject for an unknown e-mail as for a wrong password', async () => {
    await t.api.user({ email: 'existe@example.com', password: 'clave-correcta-1' });
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: 'incorrecta' } });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = async (email: string) => {
      const runs = [];
      for (let i = 0; i < 5; i += 1) runs.push(await time(email));
      return runs.sort((a, b) => a - b)[2]!;
    };
    const unknown = await median('nadie@example.com');
    const wrong = await median('existe@example.com');
    // Both verify a scrypt hash (a decoy for the unknown e-mail); skipping it would make one ~100× faster.
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(unknown / wrong).toBeLessThan(2);
  });
});
