import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';

// Work that must wait until a write is committed: tell caches that balances changed, for example.
// A write may run inside a caller's transaction (or a savepoint of it), so "after my statement"
// is not "after commit". `openDatabase` makes every transaction of its database keep a scope:
// values noted in a savepoint move to its parent when the savepoint is released and are dropped
// when it rolls back; the outermost transaction publishes them after COMMIT returns, and drops
// them on rollback. So a publication never announces a rolled-back write, and a transaction
// publishes each topic once, with everything its committed savepoints noted.

/**
 * Receives, once per committed transaction, every value noted for it in that transaction. It runs
 * after COMMIT, in the caller's await: it must not throw (the write has committed regardless).
 */
export type CommitTopic<T> = { publish(values: ReadonlySet<T>): void };

type Scope = Map<CommitTopic<never>, Set<unknown>>;
// The types of ./database, spelled here because database.ts imports this file.
type Database = PgDatabase<PgQueryResultHKT>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

const scopes = new WeakMap<object, Scope>();
const trackedDatabases = new WeakSet<object>();

/**
 * Notes values for `topic`, published after the write commits. `executor` is where the write ran:
 * a transaction of a tracked database (published when its outermost transaction commits), or the
 * database itself (the write was its own statement or transaction and has committed: published now).
 */
export function afterCommit<T>(executor: Executor, topic: CommitTopic<T>, values: Iterable<T>): void {
  const set = new Set(values);
  if (set.size === 0) return;
  if (!(executor instanceof PgTransaction)) {
    topic.publish(set);
    return;
  }
  const scope = scopes.get(executor);
  if (!scope) {
    throw new Error('after-commit: a transaction not opened through openDatabase cannot say when it commits');
  }
  const noted = scope.get(topic as CommitTopic<never>);
  if (noted) for (const value of set) noted.add(value);
  else scope.set(topic as CommitTopic<never>, set);
}

/** Makes every transaction of `db` (and its savepoints) keep a scope; safe to call twice. */
export function trackCommits(db: Database): Database {
  if (trackedDatabases.has(db)) return db;
  trackedDatabases.add(db);
  const begin = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const scope: Scope = new Map();
    const result = await begin((tx) => {
      track(tx, scope);
      return work(tx);
    }, config);
    publishAll(scope);
    return result;
  };
  return db;
}

function track(tx: Transaction, scope: Scope): void {
  scopes.set(tx, scope);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (work) => {
    const inner: Scope = new Map();
    const result = await savepoint((nested) => {
      track(nested, inner);
      return work(nested);
    });
    // Released: what the savepoint noted now belongs to the enclosing transaction.
    for (const [topic, values] of inner) {
      const noted = scope.get(topic);
      if (noted) for (const value of values) noted.add(value);
      else scope.set(topic, values);
    }
    return result;
  };
}

function publishAll(scope: Scope): void {
  for (const [topic, values] of scope) (topic as CommitTopic<unknown>).publish(values);
}
