// A session token ended by logout before its expiry; kept until that expiry, then purged.
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export class RevokedToken extends BaseModel {
  static override tableName = 'revoked_tokens';
  static override idColumn = 'jti';
  static override timestampColumns = ['expiresAt'];

  declare jti: string;
  declare expiresAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['jti', 'expiresAt'],
    properties: { jti: { type: 'string', maxLength: 64 }, expiresAt: { type: 'string' } },
  };
}
