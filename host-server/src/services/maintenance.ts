// Crash safety for files. The database and the file store cannot commit together, so every change
// that adds or removes stored files first writes an "intent" naming the keys (DATA_DIR/tmp/intents)
// and removes it when done. At start, before serving, each leftover intent is settled: a key that
// no row (document, revision, recovery draft) names is removed from the store. Then the temporary
// folder, where interrupted uploads were still streaming, is emptied. Only keys named by intents are ever touched, so a
// file store shared with another database is never swept.
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

/** Whether any row (document, revision, recovery draft) still names the stored file `key`. */
// One query after another: `knex` may be a transaction, which runs on a single connection.
export async function isFileReferenced(knex: Knex, key: string): Promise<boolean> {
  const document = await knex('documents').where('sourceKey', key).orWhere('pdfKey', key).orWhere('thumbnailKey', key).first('id');
  if (document) return true;
  if (await knex('revisions').where('pdfKey', key).first('id')) return true;
  return Boolean(await knex('recoveryDrafts').where('fileKey', key).first('idHash'));
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
