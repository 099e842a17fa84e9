// A pending or running conversion of an upload to PDF. Its state lives in the database, so a job
// interrupted by a restart is picked up again. A running job carries a lease: the runner that
// claimed it (`leaseOwner`) renews `leaseExpiresAt` while it works, and another runner takes the
// job over only once the lease has run out.
import type { JSONSchema, RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Document } from './Document';

export const JOB_KINDS = ['image', 'word'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export class ConversionJob extends BaseModel {
  static override tableName = 'conversion_jobs';
  static override timestampColumns = ['createdAt', 'updatedAt', 'lockedAt', 'leaseExpiresAt'];

  declare id: string;
  declare documentId: string;
  declare kind: JobKind;
  declare state: JobState;
  declare attempts: number;
  declare lastError: string | null;
  declare lockedAt: string | null;
  declare leaseOwner: string | null;
  declare leaseExpiresAt: string | null;
  declare createdAt: string;
  declare updatedAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'documentId', 'kind', 'state'],
    properties: {
      id: { type: 'string' },
      documentId: { type: 'string' },
      kind: { type: 'string', enum: [...JOB_KINDS] },
      state: { type: 'string', enum: [...JOB_STATES] },
      attempts: { type: 'integer', minimum: 0 },
      lastError: { type: ['string', 'null'] },
      lockedAt: { type: ['string', 'null'] },
      leaseOwner: { type: ['string', 'null'] },
      leaseExpiresAt: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
    },
  };

  static override relationMappings = (): RelationMappings => ({
    document: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Document,
      join: { from: 'conversion_jobs.documentId', to: 'documents.id' },
    },
  });
}
