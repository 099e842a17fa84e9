// The shared (Yjs) state of documents edited together (services/collaboration.ts): the merged
// state as one compacted snapshot, not the log of every update, so it stays near the size of what
// it holds. The annotation list the REST API, exports and revisions read stays in `documents`; this
// row only keeps what the list cannot (the CRDT's identities, so offline edits merge on reconnect).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('collab_states', (table) => {
    table.string('document_id', 36).primary().references('id').inTable('documents').onDelete('CASCADE');
    table.binary('state').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('collab_states');
}
