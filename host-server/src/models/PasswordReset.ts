// A single-use, expiring password reset token (stored as its SHA-256).
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export class PasswordReset extends BaseModel {
  static override tableName = 'password_resets';
  static override timestampColumns = ['createdAt', 'expiresAt', 'usedAt'];

  declare id: string;
  declare userId: string;
  declare tokenHash: string;
  declare expiresAt: string;
  declare usedAt: string | null;
  declare createdAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'userId', 'tokenHash', 'expiresAt'],
    properties: {
      id: { type: 'string' },
      userId: { type: 'string' },
      tokenHash: { type: 'string', minLength: 64, maxLength: 64 },
      expiresAt: { type: 'string' },
      usedAt: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
    },
  };
}
