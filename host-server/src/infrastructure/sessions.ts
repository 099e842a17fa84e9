// The account behind a verified token, looked up on every authenticated request: the user's row and
// whether that token was revoked by logout, in one statement.
//
// On SQLite this statement skips knex. The query builder cost about 50 µs a request, ten times the
// statement itself, and the lookup runs before every API call; here it is one prepared statement on
// a read-only connection of its own (WAL lets it read beside the writer). On PostgreSQL the network
// round trip dominates, so the same question goes through knex.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Knex } from 'knex';
import { User } from '../models/User';
import { localWritesTo } from '../nodeSqliteClient';

export interface SessionRow {
  /** The `users` row with camelCase keys, as Objection's `fromDatabaseJson` takes it. */
  fields: Record<string, unknown>;
  revoked: boolean;
}

export interface SessionReader {
  /** The account `userId` with the revocation state of token `tokenId`; undefined if there is no such account. */
  find(userId: string, tokenId: string): Promise<SessionRow | undefined>;
  close(): void;
}

function toSessionRow(row: Record<string, unknown> | undefined): SessionRow | undefined {
  if (!row) return undefined;
  const { revoked, ...fields } = row;
  // Frozen: the SQLite reader hands the same row to several requests.
  return { fields: Object.freeze(fields), revoked: Number(revoked) > 0 };
}

export function knexSessionReader(reader: Knex): SessionReader {
  return {
    async find(userId, tokenId) {
      const row = (await reader('users')
        .select('users.*', reader('revokedTokens').count('*').where('jti', tokenId).as('revoked'))
        .where('users.id', userId)
        .first()) as Record<string, unknown> | undefined;
      return toSessionRow(row);
    },
    close() {},
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The model's columns under their camelCase names, so rows need no key mapping afterwards.
const SESSION_SQL = `select ${Object.keys(User.jsonSchema.properties ?? {})
  .map((name) => `${snakeCase(name)} as "${name}"`)
  .join(', ')}, exists(select 1 from revoked_tokens where jti = ?) as revoked from users where id = ?`;

// Remembered answers at most; forgotten all at once when full, as on any change to the database.
const REMEMBERED_SESSIONS = 10_000;
/** How often, at most, to ask SQLite about writes made by other processes (a backup tool, a script). */
export const EXTERNAL_WRITES_CHECK_MS = 100;

export interface SqliteSessionReaderOptions {
  externalWritesCheckMs?: number;
  now?: () => number;
}

/**
 * Answers are remembered by token id until the database changes: at once when this process writes
 * to it (counted by the knex client, see `localWritesTo`), and within `externalWritesCheckMs` when
 * another process does (`PRAGMA data_version` changes with any other connection's commit). Asking
 * SQLite on every request took two file-lock system calls, more than the lookup itself under load.
 */
export function sqliteSessionReader(filename: string, options: SqliteSessionReaderOptions = {}): SessionReader {
  const checkEvery = options.externalWritesCheckMs ?? EXTERNAL_WRITES_CHECK_MS;
  const now = options.now ?? (() => performance.now());
  const connection = new DatabaseSync(filename, { readOnly: true });
  connection.exec('PRAGMA busy_timeout = 10000');
  const localWrites = localWritesTo(filename);
  let statements: { session: StatementSync; dataVersion: StatementSync } | undefined;
  const remembered = new Map<string, SessionRow | undefined>();
  let seenLocalWrites = -1;
  let seenDataVersion: unknown;
  let checkedAt = -Infinity;

  function forgetIfChanged(prepared: { dataVersion: StatementSync }): void {
    const at = now();
    if (localWrites.count === seenLocalWrites && at - checkedAt < checkEvery) return;
    const dataVersion = (prepared.dataVersion.get() as { data_version: unknown }).data_version;
    if (localWrites.count !== seenLocalWrites || dataVersion !== seenDataVersion || remembered.size >= REMEMBERED_SESSIONS) {
      remembered.clear();
    }
    seenLocalWrites = localWrites.count;
    seenDataVersion = dataVersion;
    checkedAt = at;
  }

  return {
    find(userId, tokenId) {
      try {
        // Prepared on first use: the schema (migrated by the writer) is complete by then.
        statements ??= {
          session: connection.prepare(SESSION_SQL),
          dataVersion: connection.prepare('PRAGMA data_version'),
        };
        forgetIfChanged(statements);
        let session = remembered.get(tokenId);
        if (session?.fields.id !== userId) {
          // Read after the check: if a write came in between, this answer is newer, never older.
          session = toSessionRow(statements.session.get(tokenId, userId) as Record<string, unknown> | undefined);
          remembered.set(tokenId, session);
        }
        return Promise.resolve(session);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    close() {
      connection.close();
    },
  };
}
