// Opens the database: an SQLite file under DATA_DIR when DATABASE_URL is unset, PostgreSQL when it
// is a postgres:// URL. The rest of the server runs the same Objection/knex code on either.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { consoleLogger, type Logger } from './logger';
import { migrationSource } from './migrations';
import { NodeSqliteClient } from './nodeSqliteClient';
import { knexSessionReader, type SessionReader, sqliteSessionReader } from './infrastructure/sessions';

export type DatabaseClient = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public` (tests use one per run). */
  schema?: string;
  /** Where knex's own warnings go (the console's JSON lines by default). */
  logger?: Logger;
}

/**
 * knex's warnings as JSON log lines. It warns once per failed connection attempt; those are left
 * out, since each failure reaches the request or loop that needed the connection, which logs the
 * outage once (a database that is away would otherwise write a line per request).
 */
function knexLog(logger: Logger): Knex.Logger {
  const connectionFailure = /^(Acquire connection error|Connection Error):/;
  return {
    warn: (message: unknown) => {
      if (!connectionFailure.test(String(message))) logger.warn('knex warning', { detail: String(message) });
    },
    error: (message: unknown) => logger.error('knex error', { detail: String(message) }),
    deprecate: (method, alternative) => logger.warn('knex deprecation', { method, alternative }),
    debug: () => {},
  };
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

/**
 * How long PostgreSQL work may wait, so that while the database is unreachable or stuck a request
 * fails (503, see `isDatabaseUnavailable`) within seconds instead of hanging: opening a connection,
 * waiting for one from the pool (which includes opening it), and one statement (lock waits
 * included), which PostgreSQL cancels itself. A request's queries run one after another, so the
 * first that fails ends it.
 */
export const POSTGRES_TIMEOUTS = { connectMs: 5_000, acquireMs: 10_000, statementMs: 20_000 } as const;

export function openDatabase(options: DatabaseOptions): Knex {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: {
        connectionString: options.databaseUrl,
        connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
        statement_timeout: POSTGRES_TIMEOUTS.statementMs,
        // Lets the operating system notice a peer that vanished without closing the connection.
        keepAlive: true,
      },
      searchPath: options.schema ? [options.schema] : undefined,
      pool: { min: 0, max: 10 },
      acquireConnectionTimeout: POSTGRES_TIMEOUTS.acquireMs,
      log: knexLog(options.logger ?? consoleLogger),
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

/** The per-request account lookup (see infrastructure/sessions.ts); open it after `migrate`. */
export function openSessionReader(options: DatabaseOptions, reader: Knex): SessionReader {
  return databaseClient(reader) === 'postgres' ? knexSessionReader(reader) : sqliteSessionReader(sqliteFile(options.dataDir));
}

export async function migrate(knex: Knex): Promise<void> {
  if (databaseClient(knex) !== 'postgres') {
    await knex.migrate.latest({ migrationSource });
    return;
  }
  // A migration may rewrite a large table: it runs on a connection of its own, without the time
  // limit requests have.
  const config = knex.client.config as Knex.Config;
  const connection = config.connection as Knex.PgConnectionConfig;
  const migrator = knexFactory({ ...config, connection: { ...connection, statement_timeout: false }, pool: { min: 0, max: 1 } });
  try {
    const schema = (config.searchPath as string[] | undefined)?.[0];
    if (schema) await migrator.raw('create schema if not exists ??', [schema]);
    await migrator.migrate.latest({ migrationSource });
  } finally {
    await migrator.destroy();
  }
}

// What PostgreSQL, its driver and knex's pool throw when the database cannot do the work now, as
// opposed to refusing it: SQLSTATE class 08 (connection exception) and these codes.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping and ended this connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: past `statement_timeout`
  '53300', // too_many_connections
  '53100', // disk_full
  '53200', // out_of_memory
]);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a lost or unopened connection by message alone.
const UNAVAILABLE_DRIVER_MESSAGE = /^(Connection terminated|timeout expired$|Client has encountered a connection error|Client was closed)/;

/**
 * Whether `error` (as thrown by a query, a transaction or the pool, possibly wrapped by Objection)
 * means the database is unreachable or not accepting work right now, so the request may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, name, message, nativeError, cause } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      nativeError?: unknown;
      cause?: unknown;
    };
    if (name === 'KnexTimeoutError') return true;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGE.test(message)) return true;
    current = nativeError ?? cause;
  }
  return false;
}
