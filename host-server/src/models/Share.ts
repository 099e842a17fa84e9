// A read-only link to a document. Only the SHA-256 of the link token is stored.
import type { JSONSchema, RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Document } from './Document';

export class Share extends BaseModel {
  static override tableName = 'shares';
  static override timestampColumns = ['createdAt', 'expiresAt'];

  declare id: string;
  declare documentId: string;
  declare tokenHash: string;
  declare expiresAt: string | null;
  declare createdAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'documentId', 'tokenHash'],
    properties: {
      id: { type: 'string' },
      documentId: { type: 'string' },
      tokenHash: { type: 'string', minLength: 64, maxLength: 64 },
      expiresAt: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
    },
  };

  static override relationMappings = (): RelationMappings => ({
    document: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Document,
      join: { from: 'shares.documentId', to: 'documents.id' },
    },
  });
}
