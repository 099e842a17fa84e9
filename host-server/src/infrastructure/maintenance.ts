// Crash safety for files. The database and the file store cannot commit together, so every change
// that adds or removes stored files first writes an "intent" naming the keys (DATA_DIR/tmp/intents)
// and removes it when done. At start, before serving, each leftover intent is settled: a key that
// no row (document, revision, recovery draft) names is removed from the store. Then the temporary
// folder, where interrupted uploads were still streaming, is emptied. Intents are on each instance's
// own disk; what an instance that never comes back leaves is found by reconciliation (reconcile.ts).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { assertValidKey, type FileStore } from './fileStore';

const intentsDir = (tmpDir: string) => join(tmpDir, 'intents');

/**
 * Writes intents covering `keys` and answers the function that removes them. For work that learns
 * which keys it touches only inside its transaction (pruning): the intents are written before the
 * commit, and removed once the files are gone.
 */
export async function writeFileIntents(tmpDir: string, keys: readonly string[]): Promise<() => Promise<void>> {
  const dir = intentsDir(tmpDir);
  await mkdir(dir, { recursive: true });
  const paths = keys.map((key) => {
    assertValidKey(key);
    return join(dir, key);
  });
  await Promise.all(paths.map((path) => writeFile(path, '')));
  return async () => {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  };
}

/** Runs `work` with an intent covering `keys`; the intent outlives `work` only if the process dies. */
export async function withFileIntent<T>(tmpDir: string, keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const release = await writeFileIntents(tmpDir, keys);
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Every column that names a stored file, by table: the one list both the intents and reconciliation read. */
export const FILE_REFERENCES = [
  { table: 'documents', id: 'id', columns: ['sourceKey', 'pdfKey', 'thumbnailKey'] },
  { table: 'revisions', id: 'id', columns: ['pdfKey'] },
  { table: 'recoveryDrafts', id: 'idHash', columns: ['fileKey'] },
  { table: 'pdfJobs', id: 'id', columns: ['inputKey', 'outputKey'] },
] as const;

/** Whether any row (document, revision, recovery draft) still names the stored file `key`. */
// One query after another: `knex` may be a transaction, which runs on a single connection.
export async function isFileReferenced(knex: Knex, key: string): Promise<boolean> {
  return (await referencedKeys(knex, [key])).has(key);
}

/** Which of `keys` some row names. */
export async function referencedKeys(knex: Knex, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const { table, columns } of FILE_REFERENCES) {
    for (const column of columns) {
      const wanted = keys.filter((key) => !found.has(key));
      if (wanted.length === 0) return found;
      const rows = (await knex(table).whereIn(column, wanted).distinct(column)) as Array<Record<string, string>>;
      for (const row of rows) found.add(row[column] as string);
    }
  }
  return found;
}

/** Settles leftover intents, then empties the temporary folder. Returns the keys removed. */
export async function recoverFiles(knex: Knex, fileStore: FileStore, tmpDir: string, logger: Logger): Promise<string[]> {
  await mkdir(tmpDir, { recursive: true });
  const removed: string[] = [];
  let pending: string[] = [];
  try {
    pending = await readdir(intentsDir(tmpDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const key of pending) {
    if (await isFileReferenced(knex, key)) continue;
    await fileStore.remove(key);
    removed.push(key);
  }
  if (removed.length > 0) logger.warn('removed files left by an interrupted write', { keys: removed });
  for (const entry of await readdir(tmpDir)) await rm(join(tmpDir, entry), { recursive: true, force: true });
  return removed;
}
