// Jobs that survive the instance running them. `conversion_jobs` gain a lease (who runs the job and
// until when): a runner renews it while it works, and only a lease that has run out is taken over,
// so an instance starting never takes a job another live instance is running. `pdf_jobs` is the
// queue of PDF work (upload checks, image conversions, exports) shared by every instance when the
// database is PostgreSQL (infrastructure/pdfJobQueue.ts); `pdf_job_owners` remembers when each owner's
// last job started, which orders owners round robin across instances.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversion_jobs', (table) => {
    table.string('lease_owner', 64).nullable();
    table.timestamp('lease_expires_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('pdf_jobs', (table) => {
    table.string('id', 36).primary();
    table.string('owner', 64).notNullable();
    // Dropped by 007 (nothing read it).
    table.string('origin', 64).notNullable();
    table.string('task', 16).notNullable();
    table.string('state', 16).notNullable();
    // A background job (a conversion's) is never refused for a full queue, and does not count in it.
    table.boolean('background').notNullable().defaultTo(false);
    // Both cleared once the waiting request has removed the files (the row stays until purged).
    table.string('input_key', 100).nullable();
    table.string('output_key', 100).nullable();
    // What the task needs beside its input file (annotations, watermark, image kind), as JSON.
    table.text('payload').notNullable();
    // The outcome as JSON: `{ ok: true, … }` or `{ ok: false, reason, message }`.
    table.text('result').nullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.string('lease_owner', 64).nullable();
    table.timestamp('lease_expires_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('started_at', { useTz: true }).nullable();
    table.timestamp('finished_at', { useTz: true }).nullable();
    table.index(['state', 'created_at']);
    table.index(['owner', 'state']);
  });
  await knex.schema.createTable('pdf_job_owners', (table) => {
    table.string('owner', 64).primary();
    table.timestamp('last_started_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pdf_job_owners');
  await knex.schema.dropTableIfExists('pdf_jobs');
  await knex.schema.alterTable('conversion_jobs', (table) => {
    table.dropColumn('lease_owner');
    table.dropColumn('lease_expires_at');
  });
}
