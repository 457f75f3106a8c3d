import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, preparedRows, queryRows } from './client.ts';

const handle = openPglite(new PGlite('memory://'));
afterAll(() => handle.close());

describe('a statement prepared by name on PGlite', () => {
  const echo = preparedRows<{ text: string; length: number }>(
    handle.db,
    'echo_text',
    sql`select ${sql.placeholder('text')}::text as text, length(${sql.placeholder('text')}::text) as length`,
  );

  it('is prepared once in the session and run by name, every value reaching it as sent', async () => {
    const texts = ["it's", "''; drop table x; --", 'back\\slash \\\' \\\\', '$$ $q$ dollar', 'ñandú “comillas” 🎉', '{"a":"b\\"c"}', ''];
    for (const text of texts) expect(await echo({ text })).toEqual([{ text, length: [...text].length }]);
    const prepared = await queryRows<{ name: string; statement: string }>(handle.db, sql`select name, statement from pg_prepared_statements`);
    expect(prepared.filter(({ name }) => name === 'echo_text')).toEqual([{ name: 'echo_text', statement: expect.stringMatching(/^prepare echo_text as select \$1::text/) }]);
  });

  it('takes only text values', async () => {
    await expect(echo({ text: 42 })).rejects.toThrow(TypeError);
    await expect(echo({})).rejects.toThrow(TypeError);
  });
});

it('refuses a statement whose values are not all placeholders: a value written into it would be prepared for good', () => {
  expect(() => preparedRows(handle.db, 'fixed_value', sql`select ${'fixed'}::text as text`)).toThrow(TypeError);
});

it('shares a statement another handle on the same session prepared with the same text, and refuses another text', async () => {
  const query = sql`select upper(${sql.placeholder('text')}::text) as text`;
  const first = preparedRows<{ text: string }>(handle.db, 'upper_text', query);
  const second = preparedRows<{ text: string }>(handle.db, 'upper_text', query);
  expect(await first({ text: 'a' })).toEqual([{ text: 'A' }]);
  expect(await second({ text: 'b' })).toEqual([{ text: 'B' }]);
  const other = preparedRows<{ text: string }>(handle.db, 'upper_text', sql`select lower(${sql.placeholder('text')}::text) as text`);
  await expect(other({ text: 'C' })).rejects.toThrow('upper_text is prepared in this session with another statement');
});
