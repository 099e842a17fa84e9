// Background work that must not run on two instances at once. On PostgreSQL a transaction takes an
// advisory lock named after the work (and the schema, so databases shared by several deployments
// or test runs do not block each other); an instance that finds it taken skips this round, and
// the lock goes with the connection if its instance dies. SQLite has one instance per database
// file, so the work simply runs.
import type { Knex } from 'knex';
import { databaseClient } from '../db';

/** Runs `work` unless another instance is running the work called `name`; answers whether it ran. */
export async function runExclusively(knex: Knex, name: string, work: () => Promise<void>): Promise<boolean> {
  if (databaseClient(knex) !== 'postgres') {
    await work();
    return true;
  }
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw('select pg_try_advisory_xact_lock(hashtext(current_schema() || ?)) as "locked"', [
      `:${name}`,
    ])) as { rows: Array<{ locked: boolean }> };
    if (!rows[0]?.locked) return false;
    await work();
    return true;
  });
}
