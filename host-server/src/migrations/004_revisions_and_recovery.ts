// Saved versions of documents (`revisions`) and guests' e-mailed recovery drafts (`recovery_drafts`).
// A revision names a PDF in the file store by key; revisions of one document share a key whenever
// the pages did not change, so a file is removed only when no row names it any more.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revisions', (table) => {
    table.string('id', 36).primary();
    table.string('document_id', 36).notNullable().references('id').inTable('documents').onDelete('CASCADE');
    // 1, 2, 3... per document, in the order they were made (timestamps can tie).
    table.integer('number').notNullable();
    // The author's name is kept as it was then; the account may be renamed or deleted later.
    table.string('author_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.string('author_name', 100).notNullable();
    table.string('pdf_key', 100).notNullable();
    table.integer('page_count').notNullable();
    table.integer('annotation_count').notNullable();
    table.bigInteger('size').notNullable();
    table.string('label', 100).nullable();
    table.string('restored_from_id', 36).nullable();
    table.text('annotations').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    // A document's revisions newest first (and no number twice), and a key's references when pruning.
    table.unique(['document_id', 'number']);
    table.index(['pdf_key']);
  });

  await knex.schema.createTable('recovery_drafts', (table) => {
    // Only the SHA-256 of the link's id is stored: a leaked database does not leak working links.
    table.string('id_hash', 64).primary();
    table.string('file_key', 100).notNullable().unique();
    table.string('file_name', 255).notNullable();
    table.bigInteger('size').notNullable();
    table.text('annotations').notNullable();
    table.integer('edit_count').notNullable();
    table.integer('time_spent').notNullable();
    table.string('email', 254).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('recovery_drafts');
  await knex.schema.dropTableIfExists('revisions');
}
