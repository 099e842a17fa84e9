// The first schema: users, documents with their saved annotations, conversion jobs, share links,
// password reset tokens and revoked session tokens. Timestamps are UTC.
import type { Knex } from 'knex';

function timestamps(table: Knex.CreateTableBuilder): void {
  table.timestamp('created_at', { useTz: true }).notNullable();
  table.timestamp('updated_at', { useTz: true }).notNullable();
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.string('id', 36).primary();
    table.string('name', 100).notNullable();
    table.string('email', 254).notNullable().unique();
    table.string('password_hash', 255).nullable();
    table.string('plan', 16).notNullable().defaultTo('free');
    // Uploads counted on `usage_day` (UTC, YYYY-MM-DD); a new day starts the count again.
    table.integer('daily_usage').notNullable().defaultTo(0);
    table.string('usage_day', 10).nullable();
    table.integer('session_epoch').notNullable().defaultTo(0);
    // Kept by the same transactions that insert and delete documents; the list's total comes from it.
    table.integer('document_count').notNullable().defaultTo(0);
    table.string('oidc_subject', 255).nullable().unique();
    timestamps(table);
  });

  await knex.schema.createTable('documents', (table) => {
    table.string('id', 36).primary();
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.string('original_name', 255).notNullable();
    table.string('mime_type', 100).notNullable();
    table.integer('size').notNullable();
    table.string('status', 16).notNullable();
    table.text('failure_reason').nullable();
    table.string('source_key', 100).notNullable();
    table.string('pdf_key', 100).nullable();
    table.string('thumbnail_key', 100).nullable();
    table.integer('thumbnail_version').notNullable().defaultTo(0);
    table.text('annotations').nullable();
    table.integer('annotations_version').notNullable().defaultTo(0);
    timestamps(table);
    // Serves the document list: a user's rows in the order it shows them, without sorting.
    table.index(['user_id', 'created_at', 'id']);
  });

  await knex.schema.createTable('conversion_jobs', (table) => {
    table.string('id', 36).primary();
    table.string('document_id', 36).notNullable().unique().references('id').inTable('documents').onDelete('CASCADE');
    table.string('kind', 16).notNullable();
    table.string('state', 16).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.text('last_error').nullable();
    table.timestamp('locked_at', { useTz: true }).nullable();
    timestamps(table);
    table.index(['state', 'created_at']);
  });

  await knex.schema.createTable('shares', (table) => {
    table.string('id', 36).primary();
    table.string('document_id', 36).notNullable().references('id').inTable('documents').onDelete('CASCADE');
    // Only a hash of the link token is kept: a leaked database does not leak working links.
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['document_id']);
  });

  await knex.schema.createTable('password_resets', (table) => {
    table.string('id', 36).primary();
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('revoked_tokens', (table) => {
    table.string('jti', 64).primary();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['revoked_tokens', 'password_resets', 'shares', 'conversion_jobs', 'documents', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
