// Migrations are plain modules listed here (not files found on disk), so they run the same from the
// TypeScript sources and from the bundled dist/main.js.
import type { Knex } from 'knex';
import * as initial from './001_initial';
import * as documentsVersion from './002_documents_version';
import * as emailVerification from './003_email_verification';
import * as revisionsAndRecovery from './004_revisions_and_recovery';
import * as trial from './005_trial';
import * as durableJobs from './006_durable_jobs';
import * as pdfJobsWithoutOrigin from './007_pdf_jobs_without_origin';
import * as collaboration from './008_collaboration';
import * as documentMembers from './009_document_members';
import * as invitationsAndTeamTrial from './010_invitations_and_team_trial';
import * as formValues from './011_form_values';

interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Migration[] = [
  { name: '001_initial', ...initial },
  { name: '002_documents_version', ...documentsVersion },
  { name: '003_email_verification', ...emailVerification },
  { name: '004_revisions_and_recovery', ...revisionsAndRecovery },
  { name: '005_trial', ...trial },
  { name: '006_durable_jobs', ...durableJobs },
  { name: '007_pdf_jobs_without_origin', ...pdfJobsWithoutOrigin },
  { name: '008_collaboration', ...collaboration },
  { name: '009_document_members', ...documentMembers },
  { name: '010_invitations_and_team_trial', ...invitationsAndTeamTrial },
  { name: '011_form_values', ...formValues },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
