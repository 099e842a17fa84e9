// The values a user gave a PDF's form fields (`documents.form_values`, JSON by full field name),
// saved with the annotations and under their version; null until a save gives some.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (table) => {
    table.text('form_values').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (table) => {
    table.dropColumn('form_values');
  });
}
