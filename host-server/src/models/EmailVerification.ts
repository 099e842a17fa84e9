// A single-use, expiring link that proves an e-mail address (stored as its SHA-256): either the
// account's own address ('confirm') or the address the account moves to ('change').
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export const VERIFICATION_PURPOSES = ['confirm', 'change'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export class EmailVerification extends BaseModel {
  static override tableName = 'email_verifications';
  static override timestampColumns = ['createdAt', 'expiresAt', 'usedAt'];

  declare id: string;
  declare userId: string;
  declare email: string;
  declare purpose: VerificationPurpose;
  declare tokenHash: string;
  declare expiresAt: string;
  declare usedAt: string | null;
  declare createdAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'userId', 'email', 'purpose', 'tokenHash', 'expiresAt'],
    properties: {
      id: { type: 'string' },
      userId: { type: 'string' },
      email: { type: 'string', minLength: 3, maxLength: 254 },
      purpose: { type: 'string', enum: [...VERIFICATION_PURPOSES] },
      tokenHash: { type: 'string', minLength: 64, maxLength: 64 },
      expiresAt: { type: 'string' },
      usedAt: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
    },
  };
}
