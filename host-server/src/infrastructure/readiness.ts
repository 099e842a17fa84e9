// Readiness: whether this instance can serve requests now, that is whether the database, (when
// REDIS_URL is set) Redis and (when S3_BUCKET is set) the bucket answer. Liveness needs no such
// check: the process answering is enough.
import type { Knex } from 'knex';
import type { FileStore } from './fileStore';
import type { RateLimitStore } from './rateLimit';

export type DependencyState = 'up' | 'down';

export interface Readiness {
  ready: boolean;
  database: DependencyState;
  redis: DependencyState | 'not configured';
  /** The bucket; the local disk has no probe (`'local disk'`). */
  storage: DependencyState | 'local disk';
}

/** A dependency that has not answered within this long counts as down. */
export const READINESS_TIMEOUT_MS = 3_000;

/** 'up' when `probe` resolves within the time limit; a late answer is dropped, never left unhandled. */
async function probeState(probe: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve('down'), READINESS_TIMEOUT_MS);
  });
  const answered = Promise.resolve()
    .then(probe)
    .then(
      (): DependencyState => 'up',
      (): DependencyState => 'down',
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness check of an app whose reads go through `reader` (on SQLite a read connection, so a
 * long write transaction does not make the server look down), whose rate limits live in `store`
 * and whose files in `files`.
 */
export function readinessCheck(reader: Knex, store: RateLimitStore, files: FileStore): () => Promise<Readiness> {
  return async () => {
    const probe = files.probe?.bind(files);
    const [database, redis, storage] = await Promise.all([
      probeState(() => reader.raw('select 1')),
      store.kind === 'redis' ? probeState(() => store.client.ping()) : Promise.resolve('not configured' as const),
      probe ? probeState(probe) : Promise.resolve('local disk' as const),
    ]);
    return { ready: database === 'up' && redis !== 'down' && storage !== 'down', database, redis, storage };
  };
}
