// A guest's work kept for a mailed recovery link: the PDF (by storage key), its annotations, edit
// count and time spent, for 24 hours. The link's id is a secret; only its SHA-256 is stored.
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export class RecoveryDraft extends BaseModel {
  static override tableName = 'recovery_drafts';
  static override idColumn = 'idHash';
  static override timestampColumns = ['createdAt', 'expiresAt'];

  declare idHash: string;
  declare fileKey: string;
  declare fileName: string;
  declare size: number;
  declare annotations: string;
  declare editCount: number;
  declare timeSpent: number;
  declare email: string;
  declare createdAt: string;
  declare expiresAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: [
      'idHash',
      'fileKey',
      'fileName',
      'size',
      'annotations',
      'editCount',
      'timeSpent',
      'email',
      'expiresAt',
    ],
    properties: {
      idHash: { type: 'string', minLength: 64, maxLength: 64 },
      fileKey: { type: 'string', maxLength: 100 },
      fileName: { type: 'string', minLength: 1, maxLength: 255 },
      size: { type: 'integer', minimum: 0 },
      annotations: { type: 'string' },
      editCount: { type: 'integer', minimum: 0 },
      timeSpent: { type: 'integer', minimum: 0 },
      email: { type: 'string', maxLength: 254 },
      createdAt: { type: 'string' },
      expiresAt: { type: 'string' },
    },
  };
}
