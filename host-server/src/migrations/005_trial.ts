// `users.trial_ends_at`: when the account's one free trial of the Personal plan ends (or ended).
// Null until a trial is started; it is never cleared, so a trial is given once per account. Whether
// the trial is still running is worked out from it at read time (services/plans.ts), so its end
// needs no job and no write.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('trial_ends_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('trial_ends_at');
  });
}
