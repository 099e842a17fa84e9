// Opens the database: an SQLite file under DATA_DIR when DATABASE_URL is unset, PostgreSQL when it
// is a postgres:// URL. The rest of the server runs the same Objection/knex code on either.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './migrations';
import { NodeSqliteClient } from './nodeSqliteClient';
import { knexSessionReader, type SessionReader, sqliteSessionReader } from './services/sessions';

export type DatabaseClient = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public` (tests use one per run). */
  schema?: string;
}

/** Runs `pragmas` on each new connection; the driver is synchronous, so errors throw here. */
function withPragmas(pragmas: string[]) {
  return (connection: DatabaseSync, done: (error: Error | null, connection: DatabaseSync) => void) => {
    try {
      for (const pragma of pragmas) connection.exec(`PRAGMA ${pragma}`);
      done(null, connection);
    } catch (error) {
      done(error as Error, connection);
    }
  };
}

export function databaseClient(knex: Knex): DatabaseClient {
  return knex.client.config.client === 'pg' ? 'postgres' : 'sqlite';
}

export function openDatabase(options: DatabaseOptions): Knex {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      searchPath: options.schema ? [options.schema] : undefined,
      pool: { min: 0, max: 10 },
      ...knexSnakeCaseMappers(),
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  // One connection is the single writer: statements queue in this process instead of two
  // connections racing for SQLite's write lock (which is what answers SQLITE_BUSY).
  // busy_timeout still covers another process (a backup, the sqlite3 shell) holding the lock.
  return openSqlite(options.dataDir, 1, ['journal_mode = WAL', 'busy_timeout = 10000', 'foreign_keys = ON', 'synchronous = NORMAL']);
}

const sqliteFile = (dataDir: string) => join(dataDir, 'marginalia.sqlite');

function openSqlite(dataDir: string, connections: number, pragmas: string[]): Knex {
  return knexFactory({
    client: NodeSqliteClient as unknown as typeof Knex.Client,
    connection: { filename: sqliteFile(dataDir) },
    useNullAsDefault: true,
    pool: { min: 1, max: connections, afterCreate: withPragmas(pragmas) },
    acquireConnectionTimeout: 120_000,
    ...knexSnakeCaseMappers(),
  });
}

/**
 * Connections for reads. On SQLite, WAL lets readers run beside the single writer, so reads never
 * wait for the writer's open transaction (an upload holds it while the file moves into the store);
 * on PostgreSQL the one pool does both.
 */
export function openReader(options: DatabaseOptions, writer: Knex): Knex {
  if (databaseClient(writer) === 'postgres') return writer;
  return openSqlite(options.dataDir, 4, ['busy_timeout = 10000', 'query_only = 1']);
}

/** The per-request account lookup (see services/sessions.ts); open it after `migrate`. */
export function openSessionReader(options: DatabaseOptions, reader: Knex): SessionReader {
  return databaseClient(reader) === 'postgres' ? knexSessionReader(reader) : sqliteSessionReader(sqliteFile(options.dataDir));
}

export async function migrate(knex: Knex): Promise<void> {
  const searchPath = knex.client.config.searchPath as string[] | undefined;
  const schema = searchPath?.[0];
  if (databaseClient(knex) === 'postgres' && schema) await knex.raw('create schema if not exists ??', [schema]);
  await knex.migrate.latest({ migrationSource });
}
