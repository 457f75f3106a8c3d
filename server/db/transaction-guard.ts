import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Inside a transaction's callback every query must go through the transaction's handle. On PGlite, whose one
 * session the transaction holds, a query on the root handle waits for that transaction, which waits for the query:
 * the request never answers, and every request after it waits too (a team check of `PATCH /api/matches/{id}` once
 * wedged the default server this way). On PostgreSQL it runs on another connection, outside the transaction.
 * So the root handle refuses it at once, on both databases, with this error (a 500 and a log line that names it).
 */
export class RootHandleInTransactionError extends Error {
  constructor() {
    super(
      'A query on the root database handle inside a transaction: use the transaction’s handle (on PGlite it would wait for the transaction forever).',
    );
    this.name = 'RootHandleInTransactionError';
  }
}

/** The transactions whose callbacks are running in this async context; `open` turns false once the callback settles. */
const scope = new AsyncLocalStorage<{ open: boolean }>();

const insideTransaction = () => scope.getStore()?.open === true;

type Method = (...args: never[]) => unknown;

/**
 * Runs `work` as if outside any transaction, on purpose: for PostgreSQL work that must run on other connections
 * while a transaction only holds a lock (the results pull's advisory lock). Never on PGlite, whose one session the
 * transaction holds.
 */
export function outsideTransaction<T>(work: () => Promise<T>): Promise<T> {
  return scope.exit(work);
}

/**
 * Guards a database handle: `db.transaction` runs its callback in a scope, and `client`'s `methods` (the driver's
 * ways in for the root handle's queries: PGlite's `query`/`exec`, node-postgres's pool `query`) refuse to run
 * within it. A transaction opened from inside another's callback on the root handle is refused the same way.
 * Work a callback leaves running after it settles (not awaited) is free to use the root handle.
 */
export function guardRootHandle<Db extends { transaction: Method }, Client extends object>(
  db: Db,
  client: Client,
  methods: readonly (keyof Client & string)[],
): void {
  const transaction = db.transaction.bind(db) as (callback: (tx: unknown) => Promise<unknown>, ...rest: unknown[]) => Promise<unknown>;
  const guarded = (callback: (tx: unknown) => Promise<unknown>, ...rest: unknown[]) => {
    if (insideTransaction()) return Promise.reject(new RootHandleInTransactionError());
    return transaction(async (tx) => {
      const state = { open: true };
      try {
        return await scope.run(state, () => callback(tx));
      } finally {
        state.open = false;
      }
    }, ...rest);
  };
  Object.assign(db, { transaction: guarded });
  for (const method of methods) {
    const original = client[method];
    if (typeof original !== 'function') throw new TypeError(`${method} is not a method of the database client`);
    Object.assign(client, {
      [method](this: Client, ...args: unknown[]) {
        if (insideTransaction()) return Promise.reject(new RootHandleInTransactionError());
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
}
