// Finished PDF jobs (pdfJobQueue.ts) are kept an hour as the queue's record (who ran what, and
// when), then deleted with any file a request that died before reading its outcome left behind.
// One instance at a time does it (exclusiveRun.ts).
import type { Knex } from 'knex';
import type { Deps } from '../context';
import { runExclusively } from '../infrastructure/exclusiveRun';
import type { FileStore } from '../infrastructure/fileStore';
import { repeatUntilStopped } from '../infrastructure/retryLoop';

/** Deletes finished jobs older than `olderThanMs` (and files a waiter that died left), and owners idle as long. */
export async function purgeFinishedPdfJobs(knex: Knex, fileStore: FileStore, olderThanMs: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = (await knex('pdf_jobs')
      .where('state', 'done')
      .where('finishedAt', '<', knex.raw("now() - ? * interval '1 millisecond'", [olderThanMs]))
      .select('id', 'inputKey', 'outputKey')
      .limit(200)) as Array<{ id: string; inputKey: string | null; outputKey: string | null }>;
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.inputKey) await fileStore.remove(row.inputKey);
      if (row.outputKey) await fileStore.remove(row.outputKey);
    }
    purged += await knex('pdf_jobs')
      .whereIn(
        'id',
        rows.map((row) => row.id),
      )
      .delete();
  }
  await knex('pdf_job_owners')
    .where('lastStartedAt', '<', knex.raw("now() - ? * interval '1 millisecond'", [olderThanMs]))
    .whereNotExists(knex('pdf_jobs').whereRaw('pdf_jobs.owner = pdf_job_owners.owner'))
    .delete();
  return purged;
}

/** Finished jobs are kept this long (their timings are the queue's record), then deleted. */
export const PDF_JOB_RETENTION_MS = 60 * 60_000;
export const PDF_JOB_PURGE_INTERVAL_MS = 15 * 60_000;

/** Runs `purgeFinishedPdfJobs` now and every `PDF_JOB_PURGE_INTERVAL_MS`, on one instance at a time. */
export function schedulePdfJobPurge(server: Deps<'knex' | 'fileStore' | 'logger'>): () => void {
  return repeatUntilStopped({
    what: 'deleting finished PDF jobs',
    intervalMs: PDF_JOB_PURGE_INTERVAL_MS,
    logger: server.logger,
    async run() {
      await runExclusively(server.knex, 'purge-pdf-jobs', async () => {
        await purgeFinishedPdfJobs(server.knex, server.fileStore, PDF_JOB_RETENTION_MS);
      });
    },
  });
}
