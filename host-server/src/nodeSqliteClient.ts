// A knex client for Node's built-in SQLite (`node:sqlite`). It is synchronous like better-sqlite3:
// a small indexed query runs in microseconds on the calling thread, where the `sqlite3` driver
// hands every statement to the libuv thread pool and back (which capped the document list at about
// 2,500 queries a second with the event loop mostly idle). Being part of Node it needs no native
// build, so installs need no compiler and no headers matching the Node version.
import { createRequire } from 'node:module';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
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
    connection.close();
    return Promise.resolve();
  }

  _query(connection: DatabaseSync, obj: QueryObject): Promise<QueryObject> {
    try {
      if (!obj.sql) throw new Error('The query is empty');
      const statement = connection.prepare(obj.sql);
      const bindings = (obj.bindings ?? []).map(toSqlValue);
      // Statements that produce rows (SELECT, PRAGMA, … RETURNING) are read; the rest are run.
      if (statement.columns().length > 0) {
        obj.response = statement.all(...bindings);
      } else {
        const result = statement.run(...bindings);
        obj.response = result;
        obj.context = { lastID: result.lastInsertRowid, changes: result.changes };
      }
      return Promise.resolve(obj);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}
