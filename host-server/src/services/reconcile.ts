// Reconciliation of the file store with the database, at start and every few hours. It removes
// stored files no row names (what a crash between a write and its commit left, on an instance whose
// intents are gone with its disk) and reports rows whose file is missing.
//
// Safe with several instances running it at once, without a lock: a file younger than the grace
// period is never touched (a write puts its file a moment before committing the row that names it),
// a key no row names is never named again (keys are new for every write, and only copied from a
// row that names them), and removing a file twice is not an error. The store must be this
// database's alone: a file no row of this database names is removed once it is old enough.
import type { Knex } from 'knex';
import type { Deps } from '../context';
import { describeError, type Logger } from '../logger';
import type { FileStore } from '../infrastructure/fileStore';
import { runExclusively } from '../infrastructure/exclusiveRun';
import { FILE_REFERENCES, isFileReferenced, referencedKeys } from '../infrastructure/maintenance';

/** Files younger than this are left alone: a write puts its file before committing its row. */
export const RECONCILE_GRACE_MS = 60 * 60_000;
export const RECONCILE_INTERVAL_MS = 6 * 60 * 60_000;
const BATCH = 500;

/** A row naming a file the store does not hold. */
export interface MissingStoredFile {
  table: string;
  id: string;
  column: string;
  key: string;
}

export interface Reconciliation {
  /** Keys of the files removed because no row named them. */
  removed: string[];
  missing: MissingStoredFile[];
}

export interface ReconcileOptions {
  /** Only files last written before this may be removed. */
  olderThan: Date;
}

export async function reconcileFileStore(knex: Knex, fileStore: FileStore, options: ReconcileOptions): Promise<Reconciliation> {
  const stored = new Set<string>();
  const removed: string[] = [];
  let candidates: string[] = [];
  const removeUnnamed = async () => {
    const named = await referencedKeys(knex, candidates);
    for (const key of candidates) {
      if (named.has(key)) continue;
      await fileStore.remove(key);
      removed.push(key);
    }
    candidates = [];
  };
  for await (const object of fileStore.list()) {
    stored.add(object.key);
    if (object.lastModified < options.olderThan) candidates.push(object.key);
    if (candidates.length >= BATCH) await removeUnnamed();
  }
  await removeUnnamed();

  const missing: MissingStoredFile[] = [];
  for (const { table, id, columns } of FILE_REFERENCES) {
    let after: string | undefined;
    for (;;) {
      const query = knex(table).select(id, ...columns).orderBy(id).limit(BATCH);
      if (after !== undefined) query.where(id, '>', after);
      const rows = (await query) as Array<Record<string, string | null>>;
      if (rows.length === 0) break;
      after = rows[rows.length - 1]?.[id] ?? undefined;
      for (const row of rows) {
        for (const column of columns) {
          const key = row[column];
          if (!key || stored.has(key)) continue;
          // Written, or its row deleted, since the listing: asked again before it is reported.
          if ((await fileStore.size(key)) !== undefined || !(await isFileReferenced(knex, key))) continue;
          missing.push({ table, id: String(row[id]), column, key });
        }
      }
    }
  }
  return { removed, missing };
}

/** Reconciles now and every `RECONCILE_INTERVAL_MS`, logging what it found; answers the function that stops it. */
export function scheduleReconciliation(
  server: Deps<'knex' | 'fileStore' | 'logger' | 'now'>,
  options: { intervalMs?: number; graceMs?: number } = {},
): () => void {
  const logger: Logger = server.logger;
  let running: Promise<void> | undefined;
  const run = () => {
    // A slow store may take longer than the interval; runs never overlap within one instance.
    // Safe on several instances at once (see above); one at a time spares listing the store twice.
    let found: Reconciliation | undefined;
    running ??= runExclusively(server.knex, 'reconcile-file-store', async () => {
      found = await reconcileFileStore(server.knex, server.fileStore, {
        olderThan: new Date(server.now().getTime() - (options.graceMs ?? RECONCILE_GRACE_MS)),
      });
    })
      .then(
        () => {
          if (!found) return;
          const { removed, missing } = found;
          if (removed.length > 0) logger.warn('removed stored files no row names', { count: removed.length, keys: removed.slice(0, 100) });
          if (missing.length > 0) logger.error('rows name stored files that are missing', { count: missing.length, rows: missing.slice(0, 100) });
        },
        (error: unknown) => logger.error('reconciling the file store failed', describeError(error)),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? RECONCILE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
