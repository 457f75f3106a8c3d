import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres } from '#server/db/client';
import { createTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
let webDir: string;
/** What the web build writes inline in index.html's head (web/boot.ts), here a stand-in. */
const INLINE_BOOT = 'window.booted = true;';

beforeAll(async () => {
  // A stand-in web build: the SPA fallback and static serving are what is under test.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'quiniela-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), `<!doctype html><title>Quiniela</title><script>${INLINE_BOOT}</script>`);
  await writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(
    path.join(webDir, 'tab-preloads.json'),
    JSON.stringify({ scripts: ['/assets/tabs-abc123.js'], styles: ['/assets/tabs-abc123.css'] }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers 200 ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while the database is unreachable, and the API says so in Spanish', async () => {
    // Nothing listens on port 1: every query fails to connect, as when the database is down.
    const database = openPostgres('postgres://quiniela@127.0.0.1:1/quiniela');
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database });
    try {
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable' });
      const api = await app.inject({ method: 'GET', url: '/api/matches', headers: { authorization: 'Bearer some-token' } });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'El servicio no está disponible. Inténtalo más tarde.' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document that lists the auth endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of ['/auth/signup', '/auth/signin', '/auth/login', '/auth/profile', '/auth/signout', '/api/matches', '/api/teams']) {
      expect(doc.paths).toHaveProperty([route]);
    }
  });

  it('serves human docs at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});

/** What every answer carries, page or JSON. */
function expectCommonSecurityHeaders(res: { headers: Record<string, unknown> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toBeDefined();
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('web app serving', () => {
  it.each(['/', '/login', '/tabs/home', '/tabs/pool/7'])('serves index.html for the client route %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Quiniela</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('names what a start in the tabs loads in a Link header, so it downloads with the entry', async () => {
    const tabs = await t.app.inject({ method: 'GET', url: '/tabs/home?from=reminder' });
    expect(tabs.headers.link).toBe(
      '</assets/tabs-abc123.js>; rel=modulepreload, </assets/tabs-abc123.css>; rel=preload; as=style; crossorigin',
    );
    for (const url of ['/login', '/register', '/join/123456']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers.link, url).toBeUndefined();
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers hashed assets with the headers a subresource uses, not the pages\' (nosniff, CORP, HSTS)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    // The service worker is a worker: its own CSP applies to it, so it keeps the pages' headers.
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the pre-compressed file to browsers that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers unknown API routes and missing files with a JSON 404', async () => {
    for (const url of ['/api/nope', '/auth/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'La ruta solicitada no existe.' });
    }
  });

  it('answers the JSON API with the security headers OWASP gives for REST services, and a CSP that loads nothing', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/matches' });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    for (const res of [signedOut, health]) {
      expectCommonSecurityHeaders(res);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      // What only a page uses stays on the pages.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    expect(signedOut.statusCode).toBe(401);
    // The cached hot reads may be kept by the browser, privately, and only after revalidating their ETag.
    const user = await t.createUser();
    const hot = await t.injectAs(user.session.accessToken, { method: 'GET', url: '/api/matches' });
    expect(hot.statusCode).toBe(200);
    expect(hot.headers['cache-control']).toBe('private, no-cache');
  });

  it('sends security headers with a same-origin CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expectCommonSecurityHeaders(res);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("allows the built index.html's inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tabs/home' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src '));
    const hash = createHash('sha256').update(INLINE_BOOT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
