// An OpenID Connect sign-in started and not yet finished, known by the SHA-256 of its state. The
// callback deletes it, so each flow completes at most once.
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export class OidcFlow extends BaseModel {
  static override tableName = 'oidc_flows';
  static override idColumn = 'stateHash';
  static override timestampColumns = ['expiresAt'];

  declare stateHash: string;
  declare expiresAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['stateHash', 'expiresAt'],
    properties: {
      stateHash: { type: 'string', minLength: 64, maxLength: 64 },
      expiresAt: { type: 'string' },
    },
  };
}
