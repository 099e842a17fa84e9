// Opens the database: an SQLite file under DATA_DIR when DATABASE_URL is unset, PostgreSQL when it
// is a postgres:// URL. The rest of the server runs the same Objection/knex code on either.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './migrations';

export type DatabaseClient = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public` (tests use one per run). */
  schema?: string;
}

interface SqliteConnection {
  exec(sql: string, callback: (error: Error | null) => void): void;
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
  return knexFactory({
    client: 'sqlite3',
    connection: { filename: join(options.dataDir, 'marginalia.sqlite') },
    useNullAsDefault: true,
    // One connection is the single writer: statements queue in this process instead of two
    // connections racing for SQLite's write lock (which is what answers SQLITE_BUSY).
    // busy_timeout still covers another process (a backup, the sqlite3 shell) holding the lock.
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: SqliteConnection, done: (error: Error | null, connection: SqliteConnection) => void) {
        connection.exec(
          'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;',
          (error) => done(error, connection),
        );
      },
    },
    acquireConnectionTimeout: 120_000,
    ...knexSnakeCaseMappers(),
  });
}

/**
 * Connections for reads. On SQLite, WAL lets readers run beside the single writer, so a small pool
 * of read-only connections serves lists in parallel; on PostgreSQL the one pool does both.
 */
export function openReader(options: DatabaseOptions, writer: Knex): Knex {
  if (databaseClient(writer) === 'postgres') return writer;
  return knexFactory({
    client: 'sqlite3',
    connection: { filename: join(options.dataDir, 'marginalia.sqlite') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 4,
      afterCreate(connection: SqliteConnection, done: (error: Error | null, connection: SqliteConnection) => void) {
        connection.exec('PRAGMA busy_timeout = 10000; PRAGMA query_only = 1;', (error) => done(error, connection));
      },
    },
    acquireConnectionTimeout: 120_000,
    ...knexSnakeCaseMappers(),
  });
}

export async function migrate(knex: Knex): Promise<void> {
  const searchPath = knex.client.config.searchPath as string[] | undefined;
  const schema = searchPath?.[0];
  if (databaseClient(knex) === 'postgres' && schema) await knex.raw('create schema if not exists ??', [schema]);
  await knex.migrate.latest({ migrationSource });
}
