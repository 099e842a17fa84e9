// Invitations to documents for addresses without a verified account yet (services/collaborators.ts),
// and the Team plan's trial.
//
// `document_invitations`: one row per document and address, kept until an account proves that
// address (registering through the mailed link, or verifying it) and becomes a member, or until the
// owner revokes it. Only the SHA-256 of the mailed token is stored. Cascades with the document.
//
// `users.team_trial_ends_at`: when the account's one trial of the Team plan ends (or ended); like
// `trial_ends_at` (005) never cleared, so it is given once, and read against the clock (services/plans.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_invitations', (table) => {
    table.string('id', 36).primary();
    table.string('document_id', 36).notNullable().references('id').inTable('documents').onDelete('CASCADE');
    table.string('email', 254).notNullable();
    table.string('role', 16).notNullable();
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['document_id', 'email']);
    // An account proving its address claims every invitation to it.
    table.index(['email']);
  });
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('team_trial_ends_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('team_trial_ends_at');
  });
  await knex.schema.dropTableIfExists('document_invitations');
}
