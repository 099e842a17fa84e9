// The models bound to one knex instance. Binding (rather than the global `Model.knex()`) lets two
// apps on two databases live in one process, as the tests do with SQLite and PostgreSQL.
import type { Knex } from 'knex';
import { ConversionJob } from './ConversionJob';
import { Document } from './Document';
import { EmailVerification } from './EmailVerification';
import { OidcFlow } from './OidcFlow';
import { PasswordReset } from './PasswordReset';
import { RecoveryDraft } from './RecoveryDraft';
import { Revision } from './Revision';
import { RevokedToken } from './RevokedToken';
import { Share } from './Share';
import { User } from './User';

export function bindModels(knex: Knex) {
  return {
    User: User.bindKnex(knex),
    Document: Document.bindKnex(knex),
    ConversionJob: ConversionJob.bindKnex(knex),
    Share: Share.bindKnex(knex),
    PasswordReset: PasswordReset.bindKnex(knex),
    RevokedToken: RevokedToken.bindKnex(knex),
    Revision: Revision.bindKnex(knex),
    RecoveryDraft: RecoveryDraft.bindKnex(knex),
    EmailVerification: EmailVerification.bindKnex(knex),
    OidcFlow: OidcFlow.bindKnex(knex),
  };
}

export type Models = ReturnType<typeof bindModels>;

export { ConversionJob, Document, EmailVerification, OidcFlow, PasswordReset, RecoveryDraft, Revision, RevokedToken, Share, User };
export { SUMMARY_COLUMNS } from './Document';
export type { DocumentStatus } from './Document';
export type { JobKind } from './ConversionJob';
export type { Plan } from './User';
export type { VerificationPurpose } from './EmailVerification';
