import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fieldLabels, messages } from '#contract/index';
import { queryRows } from '#server/db/client';
import { createTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Thousands of malformed requests to every endpoint of the OpenAPI document, as an
 * anonymous visitor and as a signed-in admin (who gets past every guard, so the
 * validation itself is what answers): always a 4xx with a JSON message, never a 5xx or
 * a stack trace, and the database is unchanged.
 */
let t: TestApp;
let adminToken: string;
let endpoints: { method: string; path: string; takesBody: boolean }[];
/** Every string a request can carry (body leaves and query parameters), with a body of the right shape around it. */
let textFields: { method: string; path: string; field: string; label: string; build: (text: string) => { url: string; payload?: unknown } }[];

const nasty = fc.constantFrom(
  "1' OR '1'='1",
  '1; DROP TABLE users;--',
  '<script>alert(1)</script>',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  '%00',
  '../../etc/passwd',
  '🙂',
  ' ',
  'null',
);
const segment = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer().map(String));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('name', 'email', 'password', 'invitationCode', 'userId', 'poolId', 'matchId', 'prediction', 'status', 'scoreHome', 'matchDate', 'response', 'endpoint', 'keys', 'role', 'maxParticipants', 'code'), fc.oneof(fc.jsonValue({ maxDepth: 2 }), nasty)),
);

/** Row counts of every table plus a few update marks: any write shows up here. */
async function fingerprint(): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('rate_limit_counters', 'webauthn_challenges', 'app_settings', '__drizzle_migrations')`,
  );
  const counts = sql.join(
    tables.map(({ table_name }) => sql`(select count(*) from ${sql.identifier(table_name)})::text`),
    sql` || ',' || `,
  );
  const [row] = await queryRows<{ f: string }>(
    t.db,
    sql`select ${counts} || '|' || coalesce((select max(updated_at)::text from matches), '') || '|' ||
        coalesce((select sum(participant_count)::text from pools), '') as f`,
  );
  return row!.f;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
interface Operation {
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
}

/** A value of the schema's shape (not necessarily valid), and the paths of its strings. */
function sample(schema: JsonSchema, path: string[], strings: string[][]): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, [...path, k], strings)]));
    case 'array':
      return schema.items ? [sample(schema.items, [...path, '0'], strings)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      strings.push(path);
      return 'texto';
    default:
      return null;
  }
}

function textFieldsOf(method: string, path: string, op: Operation): typeof textFields {
  const fields: typeof textFields = [];
  const bodySchema = op.requestBody?.content['application/json'].schema;
  if (bodySchema) {
    const strings: string[][] = [];
    const template = sample(bodySchema, [], strings);
    for (const at of strings) {
      fields.push({
        method,
        path,
        field: at.join('.'),
        label: fieldLabels[at.join('.')] ?? at.join('.'),
        build: (text) => {
          const payload = structuredClone(template) as Record<string, unknown>;
          let node: Record<string, unknown> = payload;
          for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
          node[at.at(-1)!] = text;
          return { url: path, payload };
        },
      });
    }
  }
  for (const param of op.parameters ?? []) {
    if (param.in !== 'query' || param.schema?.type !== 'string') continue;
    // A lone surrogate cannot be written in a URL at all (encodeURIComponent throws): only NULs reach a query.
    const build = (text: string) => ({ url: `${path}?${param.name}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\u0000'))}` });
    fields.push({ method, path, field: param.name, label: fieldLabels[param.name] ?? param.name, build });
  }
  return fields;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.createUser({ role: 'admin' })).session.accessToken;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  textFields = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => textFieldsOf(method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), op)),
  );
  endpoints = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, takesBody: op.requestBody !== undefined }))
      // Without a body or a parameter there is no input to get wrong (sign-out, update-all…).
      .filter((e) => e.takesBody || e.path.includes('{')),
  );
});
afterAll(() => t.close());

describe('bad input', () => {
  it('answers every malformed request with a 4xx JSON message and changes nothing', async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.array(segment, { minLength: 4, maxLength: 4 }),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
        fc.boolean(),
        fc.boolean(),
        async (endpoint, segments, payload, contentType, asAdmin, rawGarbage) => {
          // Only bodies that are NOT valid for the endpoint matter here; params are all replaced by junk.
          let i = 0;
          const url = endpoint.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(segments[i++] ?? 'x'));
          requests += 1;
          const before = await fingerprint();
          const res = await t.app.inject({
            method: endpoint.method as 'POST',
            url,
            headers: { 'content-type': contentType, ...(asAdmin ? { authorization: `Bearer ${adminToken}` } : {}) },
            ...(!endpoint.takesBody ? {} : { payload: rawGarbage ? '{"a":' + JSON.stringify(payload) : JSON.stringify(payload) }),
          });
          expect(res.statusCode, `${endpoint.method} ${url} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const json = res.json<{ statusCode: number; message: string }>();
            expect(json.statusCode).toBe(res.statusCode);
            expect(json.message.length).toBeGreaterThan(0);
            expect(res.body).not.toMatch(/\s+at\s+\S+\s+\(|node_modules|\.ts:\d+/);
            // A refused request stored nothing. (Junk can be valid by chance, e.g. a team named "🙂".)
            expect(await fingerprint(), `${endpoint.method} ${url} changed the database`).toBe(before);
          }
        },
      ),
      { numRuns: 2500 },
    );
    expect(requests).toBeGreaterThan(1000);
  }, 180_000);

  it('refuses text the database cannot store in every string field of every endpoint: a 400 naming the field, never a 5xx', async () => {
    expect(textFields.length).toBeGreaterThan(30);
    const unstorable = fc.constantFrom('\u0000', 'Pe\u0000ña', 'x\u0000', '\ud800', 'fin\udfff');
    const control = fc.constantFrom('\u0001', 'a\u0007b', '\u001b[31m', '\u007f', 'línea\nnueva\ttab');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...textFields), fc.oneof(unstorable.map((text) => ({ text, storable: false })), control.map((text) => ({ text, storable: true }))), fc.boolean(), async (field, { text, storable }, asAdmin) => {
        const { url, payload } = field.build(text);
        const before = await fingerprint();
        const res = await t.app.inject({
          method: field.method as 'POST',
          url,
          headers: asAdmin ? { authorization: `Bearer ${adminToken}` } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(res.statusCode, `${field.method} ${url} ${field.field}=${JSON.stringify(text)} → ${res.body}`).toBeLessThan(500);
        if (!storable && asAdmin) {
          expect(res.statusCode).toBe(400);
          expect(res.json<{ message: string }>().message).toBe(`Campo «${field.label}»: ${messages.unstorableText}`);
          expect(await fingerprint()).toBe(before);
        }
      }),
      { numRuns: 600 },
    );
  }, 180_000);

  it('refuses a NUL byte in a sign-up before hashing the password, and in the user search', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { name: 'Ana\u0000', email: 'nul@example.com', password: 'clave-segura' } });
    expect(signUp.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: `Campo «nombre»: ${messages.unstorableText}` });
    const search = await t.injectAs(adminToken, { method: 'GET', url: '/api/users?q=%00' });
    expect(search.statusCode).toBe(400);
  });

  it('refuses a body nested 5,000 levels deep with a 400 in Spanish, signed in or not, never a 500', async () => {
    const deep = (levels: number) => `{"name":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
    const routes = [
      ['POST', '/auth/signup', null],
      ['POST', '/auth/signin', null],
      ['POST', '/api/pools', adminToken],
      ['POST', '/api/predictions', adminToken],
      ['PUT', '/api/notification-settings', adminToken],
    ] as const;
    for (const [method, url, token] of routes) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: deep(5_000),
      });
      expect(res.json(), `${method} ${url}`).toEqual({ statusCode: 400, error: 'Bad Request', message: messages.jsonTooDeep });
    }
    // 400 levels is far beyond any body of the API, and still only a validation error.
    const deepest = await t.app.inject({ method: 'POST', url: '/auth/signin', headers: { 'content-type': 'application/json' }, payload: deep(399) });
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().message).not.toBe(messages.jsonTooDeep);
  });

  it('refuses oversized bodies early with 413', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(200_000) });
    for (const url of ['/auth/signup', '/api/pools', '/api/predictions']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, payload: huge });
      expect(res.statusCode).toBe(413);
    }
  });
});
