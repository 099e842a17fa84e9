// `users.documents_version`: a number that changes whenever anything the user's document list shows
// changes. The list's response cache is keyed by it (infrastructure/listCache.ts).
//
// It is kept by triggers rather than by the routes: every insert, update and delete of a document
// row bumps its owner's version inside the same transaction, whichever code path (upload,
// conversion job, thumbnail, annotation save, delete, or a script working on the database directly)
// made it. A path the application forgot would otherwise serve a stale list.
import type { Knex } from 'knex';

const POSTGRES_FUNCTION = 'bump_documents_version';

// Not db.ts's `databaseClient`: db.ts imports the migrations.
const onPostgres = (knex: Knex) => knex.client.config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.integer('documents_version').notNullable().defaultTo(0);
  });
  if (onPostgres(knex)) {
    await knex.raw(`
      create function ${POSTGRES_FUNCTION}() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then
          update users set documents_version = documents_version + 1 where id = new.user_id;
        end if;
        if tg_op = 'DELETE' or old.user_id is distinct from new.user_id then
          update users set documents_version = documents_version + 1 where id = old.user_id;
        end if;
        return null;
      end
      $$`);
    await knex.raw(`
      create trigger documents_version_bump after insert or update or delete on documents
      for each row execute function ${POSTGRES_FUNCTION}()`);
    return;
  }
  await knex.raw(`
    create trigger documents_version_on_insert after insert on documents begin
      update users set documents_version = documents_version + 1 where id = new.user_id;
    end`);
  await knex.raw(`
    create trigger documents_version_on_update after update on documents begin
      update users set documents_version = documents_version + 1 where id in (old.user_id, new.user_id);
    end`);
  await knex.raw(`
    create trigger documents_version_on_delete after delete on documents begin
      update users set documents_version = documents_version + 1 where id = old.user_id;
    end`);
}

export async function down(knex: Knex): Promise<void> {
  if (onPostgres(knex)) {
    await knex.raw('drop trigger if exists documents_version_bump on documents');
    await knex.raw(`drop function if exists ${POSTGRES_FUNCTION}()`);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await knex.raw(`drop trigger if exists documents_version_on_${event}`);
    }
  }
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('documents_version');
  });
}
