// A knex client for Node's built-in SQLite (`node:sqlite`). It is synchronous like better-sqlite3:
// a small indexed query runs in microseconds on the calling thread, where the `sqlite3` driver
// hands every statement to the libuv thread pool and back (which capped the document list at about
// 2,500 queries a second with the event loop mostly idle). Being part of Node it needs no native
// build, so installs need no compiler and no headers matching the Node version.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Knex } from 'knex';

// knex exposes its SQLite dialect only as CommonJS without types; everything but the driver
// calls (SQL compilers, transactions, DDL, response shaping) is inherited from it unchanged.
const require = createRequire(import.meta.url);

interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  response?: unknown;
  context?: { lastID: number | bigint; changes: number | bigint };
}

interface SqliteDialect {
  new (config: Knex.Config): object;
  prototype: object;
}

const SqliteDialect = require('knex/lib/dialects/sqlite3/index.js') as SqliteDialect;

interface Prepared {
  statement: StatementSync;
  /** Whether it produces rows (SELECT, PRAGMA, … RETURNING) and is read rather than run. */
  reads: boolean;
  /** Whether it may change the file: anything but a plain SELECT (INSERT … RETURNING reads and changes). */
  changes: boolean;
}

// The API sends the same few statements over and over; compiling their SQL again each time was a
// visible share of a list request. SQLite re-prepares a cached statement itself after a schema change.
const STATEMENT_CACHE_SIZE = 200;
const statementCaches = new WeakMap<DatabaseSync, Map<string, Prepared>>();

function prepare(connection: DatabaseSync, sql: string): Prepared {
  let cache = statementCaches.get(connection);
  if (!cache) {
    cache = new Map();
    statementCaches.set(connection, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    const statement = connection.prepare(sql);
    prepared = { statement, reads: statement.columns().length > 0, changes: !/^\s*select\b/i.test(sql) };
    // Oldest first out: statements built from varying SQL (IN lists of any length) cannot pile up.
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, prepared);
  }
  return prepared;
}

/** How many changing statements this process has run on one database file (see `localWritesTo`). */
export interface LocalWrites {
  readonly count: number;
}

const localWrites = new Map<string, { count: number }>();

function writesCounter(filename: string): { count: number } {
  const key = resolve(filename);
  let counter = localWrites.get(key);
  if (!counter) {
    counter = { count: 0 };
    localWrites.set(key, counter);
  }
  return counter;
}

/**
 * Counts every statement that may have changed the file, run by any knex connection of this
 * process, COMMIT included and counted after it completes. A reader that remembers answers can
 * check this number instead of asking SQLite whether the database changed (which takes two file
 * lock system calls).
 */
export function localWritesTo(filename: string): LocalWrites {
  return writesCounter(filename);
}

function toSqlValue(binding: unknown): SQLInputValue {
  if (binding === undefined) return null;
  if (binding instanceof Date) return binding.valueOf();
  if (typeof binding === 'boolean') return Number(binding);
  return binding as SQLInputValue;
}

export class NodeSqliteClient extends SqliteDialect {
  declare connectionSettings: { filename: string };

  // The dialect loads its driver in the constructor; this one is built in.
  _driver(): { DatabaseSync: typeof DatabaseSync } {
    return { DatabaseSync };
  }

  acquireRawConnection(): Promise<DatabaseSync> {
    return Promise.resolve(new DatabaseSync(this.connectionSettings.filename));
  }

  destroyRawConnection(connection: DatabaseSync): Promise<void> {
    statementCaches.delete(connection);
    connection.close();
    return Promise.resolve();
  }

  _query(connection: DatabaseSync, obj: QueryObject): Promise<QueryObject> {
    try {
      if (!obj.sql) throw new Error('The query is empty');
      const { statement, reads, changes } = prepare(connection, obj.sql);
      const bindings = (obj.bindings ?? []).map(toSqlValue);
      try {
        if (reads) {
          obj.response = statement.all(...bindings);
        } else {
          const result = statement.run(...bindings);
          obj.response = result;
          obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
        }
      } finally {
        // Not kept on `this`: knex runs transactions on an Object.create copy of the client.
        if (changes) writesCounter(this.connectionSettings.filename).count += 1;
      }
      return Promise.resolve(obj);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}
