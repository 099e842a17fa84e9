// People the owner invited to a document (services/collaborators.ts): editors change its annotations
// together with the owner, viewers read along. One row per person and document; both sides cascade,
// so a deleted document or account leaves no invitation behind.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_members', (table) => {
    table.string('document_id', 36).notNullable().references('id').inTable('documents').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('role', 16).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['document_id', 'user_id']);
    // "Shared with me": a member's documents.
    table.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_members');
}
