// Migrations are plain modules listed here (not files found on disk), so they run the same from the
// TypeScript sources and from the bundled dist/main.js.
import type { Knex } from 'knex';
import * as initial from './001_initial';
import * as documentsVersion from './002_documents_version';

interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Migration[] = [
  { name: '001_initial', ...initial },
  { name: '002_documents_version', ...documentsVersion },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
