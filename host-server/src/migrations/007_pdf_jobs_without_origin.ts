// `pdf_jobs.origin` named the instance that queued a job, for a queue that had to send jobs back to
// the disk holding their files. The shared queue runs only when the files are in a bucket every
// instance reads (app.ts), so any instance may run any job and nothing read the column: it goes.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pdf_jobs', (table) => {
    table.dropColumn('origin');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pdf_jobs', (table) => {
    table.string('origin', 64).notNullable().defaultTo('');
  });
}
