// npm run move-to-postgres -- <postgres://url> [--force]: copies the embedded database (DATA_DIR) into a PostgreSQL
// database, which then serves with DATABASE_URL set (docs/operations.md, "Moving from the embedded database to
// PostgreSQL"). The server must be stopped: this takes the data folder's lock. The target is migrated first, so its
// schema is exactly the app's; a target already holding application data is refused unless --force (which never
// deletes anything either). Every table of the public schema is copied, in foreign-key order, in one transaction.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, loadEnvFile } from '#server/config';
import { openPglitePath, openPostgres, queryRows, type DatabaseHandle } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';

// Rows per insert statement; MOVE_TO_POSTGRES_BATCH_ROWS only lets the test cross many batch boundaries on little data.
const BATCH_ROWS = Number(process.env.MOVE_TO_POSTGRES_BATCH_ROWS) || 1_000;
/** Drizzle's bookkeeping lives in its own schema ("drizzle"); excluded by name too, should it ever be in public. */
const BOOKKEEPING = new Set(['__drizzle_migrations']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Table {
  name: string;
  /** Columns a row is inserted with: every column but generated ones. */
  columns: string[];
  /** Columns the source is read in the order of (the primary key; none: the physical order, stable in a locked folder). */
  orderBy: string[];
}

/** The public schema's tables, parents before children, read from the catalog (so a table added later is copied too). */
async function applicationTables(client: pg.Client): Promise<Table[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows.map((edge) => ({ child: unquote(edge.child), parent: unquote(edge.parent) }));
  const ordered: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    // A table is ready once every table it refers to (other than itself) is placed.
    const ready = [...remaining].filter((table) =>
      edges.every((edge) => edge.child !== table || edge.parent === table || !remaining.has(edge.parent)),
    );
    if (ready.length === 0)
      throw new Error(`The foreign keys between these tables form a cycle: ${[...remaining].join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  const result: Table[] = [];
  for (const name of ordered) {
    const columns = (
      await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [name],
      )
    ).rows.map((row) => row.name);
    const orderBy = (
      await client.query<{ name: string }>(
        `select a.attname as name
           from pg_index i join unnest(i.indkey) with ordinality as k(attnum, position) on true
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = $1::regclass and i.indisprimary order by k.position`,
        [ident(name)],
      )
    ).rows.map((row) => row.name);
    result.push({ name, columns, orderBy });
  }
  return result;
}

/** regclass::text quotes names that need it. */
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);

async function openSource(): Promise<DatabaseHandle> {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    throw new Error(
      'DATABASE_URL is set: this copies the embedded database (DATA_DIR) into PostgreSQL. Unset DATABASE_URL and pass the target as the argument.',
    );
  }
  const { dataDir } = config.database;
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir} to copy (DATA_DIR=${path.dirname(dataDir)}).`);
  try {
    return await openPglitePath(dataDir, 0);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `${error.message.split('\n')[0]}\nStop the server (every process using ${dataDir}) before moving its database: ` +
        'writes made during the copy would be lost. Nothing was copied.',
      { cause: error },
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const url = args.find((arg) => arg !== '--force');
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Usage: npm run move-to-postgres -- <postgres://user:password@host:5432/database> [--force]');
    process.exit(2);
  }
  loadEnvFile();
  const source = await openSource();
  try {
    // The source gets the app's migrations too (as a server starting on it would), so both schemas are the app's.
    await source.migrate();
    const target = openPostgres(url, 1);
    try {
      await target.migrate();
    } finally {
      await target.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await copy(source, client, force);
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

async function copy(source: DatabaseHandle, client: pg.Client, force: boolean) {
  const tables = await applicationTables(client);
  const sourceNames = (
    await queryRows<{ name: string }>(
      source.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const missing = sourceNames.filter((name) => !tables.some((table) => table.name === name));
  if (missing.length > 0)
    throw new Error(
      `The embedded database has tables the target lacks after migrating: ${missing.join(', ')}. Nothing was copied.`,
    );

  await client.query('begin');
  try {
    // Rows a freshly migrated database already holds (the roles the migrations insert) are skipped when the source
    // has the identical row; any other row in the target is application data, and refused without --force.
    const existing = new Map<string, Set<string>>();
    const found: string[] = [];
    for (const table of tables) {
      const rows = (
        await client.query<{ row: string }>(`select to_jsonb(t)::text as row from ${ident(table.name)} t`)
      ).rows.map((r) => r.row);
      if (rows.length === 0) continue;
      const known = new Set(rows);
      existing.set(table.name, known);
      const sourceRows = await queryRows<{ row: string }>(
        source.db,
        sql.raw(`select to_jsonb(t)::text as row from ${ident(table.name)} t`),
      );
      const inSource = new Set(sourceRows.map((r) => r.row));
      const other = rows.filter((row) => !inSource.has(row)).length;
      if (other > 0) found.push(`${table.name}: ${other} row${other === 1 ? '' : 's'}`);
    }
    if (found.length > 0) {
      const list = found.join(', ');
      if (!force) {
        throw new Error(
          `The target database already holds application data (${list}). Nothing was copied. ` +
            'Use a new, empty database (createdb), or add --force to copy on top of it (nothing is deleted; a row whose key is taken fails the whole copy).',
        );
      }
      console.warn(`--force: copying on top of the data the target already holds (${list}); nothing is deleted.`);
    }

    // Statement triggers would write data-version rows into app_settings while the copy runs, which the copied
    // app_settings rows then collide with. Disabled inside this transaction only (the tables' owner may, unlike
    // session_replication_role, which needs a superuser); foreign keys stay checked, hence the copy order.
    for (const table of tables) await client.query(`alter table ${ident(table.name)} disable trigger user`);

    const copied = new Map<string, { rows: number; alreadyThere: number }>();
    for (const table of tables) {
      const columns = table.columns.map(ident).join(', ');
      const order = table.orderBy.length > 0 ? table.orderBy.map(ident).join(', ') : 'ctid';
      const known = existing.get(table.name);
      let count = 0;
      let alreadyThere = 0;
      for (let offset = 0; ; offset += BATCH_ROWS) {
        // Rows travel as Postgres's own JSON of them and are rebuilt by Postgres with the table's row type: exact
        // timestamps (microseconds), bytea and numerics, whatever the drivers would have made of them.
        const batch = await queryRows<{ row: string }>(
          source.db,
          sql.raw(
            `select to_jsonb(t)::text as row from ${ident(table.name)} t order by ${order} limit ${BATCH_ROWS} offset ${offset}`,
          ),
        );
        const rows = known ? batch.map((r) => r.row).filter((row) => !known.has(row)) : batch.map((r) => r.row);
        alreadyThere += batch.length - rows.length;
        if (rows.length > 0) {
          await client.query(
            `insert into ${ident(table.name)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${ident(table.name)}, $1::jsonb)`,
            [`[${rows.join(',')}]`],
          );
          count += rows.length;
        }
        if (batch.length < BATCH_ROWS) break;
      }
      copied.set(table.name, { rows: count, alreadyThere });
    }

    for (const table of tables) await client.query(`alter table ${ident(table.name)} enable trigger user`);

    // Every serial or identity column's sequence moves past the largest id, so new rows get fresh ids.
    const sequences = (
      await client.query<{ table: string; column: string; sequence: string }>(
        `select c.table_name as table, c.column_name as column, pg_get_serial_sequence(format('%I', c.table_name), c.column_name) as sequence
           from information_schema.columns c
          where c.table_schema = 'public' and pg_get_serial_sequence(format('%I', c.table_name), c.column_name) is not null`,
      )
    ).rows;
    for (const { table, column, sequence } of sequences) {
      await client.query(
        `select setval($1::regclass, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
        [sequence],
      );
    }

    // The data versions: instances starting on the target have nothing cached, but one that was (wrongly) running
    // on it must not trust its cache, so every version present gets a fresh token.
    await client.query(`update app_settings set value = gen_random_uuid()::text where key like 'data-version:%'`);
    await client.query('commit');

    const width = Math.max(...tables.map((table) => table.name.length));
    console.log(`Copied the embedded database into ${redact(client)}:`);
    for (const table of tables) {
      const { rows, alreadyThere } = copied.get(table.name)!;
      const note = alreadyThere > 0 ? ` (${alreadyThere} of them already there, identical: not copied again)` : '';
      console.log(`  ${table.name.padEnd(width)}  ${rows + alreadyThere} rows${note}`);
    }
    console.log(
      `${sequences.length} sequences moved past their largest id. Set DATABASE_URL to this database and start the server.`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

const redact = (client: pg.Client) => `${client.host}:${client.port}/${client.database}`;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
