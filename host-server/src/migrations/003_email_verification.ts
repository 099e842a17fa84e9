// E-mail verification and single-use sign-in flows: when each account's address was verified,
// the verification links sent (registration, resend, change of address), and the OpenID Connect
// flows started but not yet finished, so a callback can be used once only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    // Null until the owner follows a verification link; existing accounts start unverified.
    table.timestamp('email_verified_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('email_verifications', (table) => {
    table.string('id', 36).primary();
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The address the link proves: the account's own ('confirm') or the one it moves to ('change').
    table.string('email', 254).notNullable();
    table.string('purpose', 16).notNullable();
    // Only a hash of the link token is kept, as for password resets.
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    // The throttles count recent rows per account and per address.
    table.index(['user_id', 'created_at']);
    table.index(['email', 'created_at']);
  });

  await knex.schema.createTable('oidc_flows', (table) => {
    table.string('state_hash', 64).primary();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('oidc_flows');
  await knex.schema.dropTableIfExists('email_verifications');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('email_verified_at');
  });
}
