// A person with an account. `passwordHash` is null for accounts created through OpenID Connect.
// `plan` is the plan the account holds for good; a running trial lends it the Personal or the Team plan on top
// (services/plans.ts says which plan applies now).
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export const PLANS = ['free', 'personal', 'team'] as const;
export type Plan = (typeof PLANS)[number];

export class User extends BaseModel {
  static override tableName = 'users';
  static override timestampColumns = ['createdAt', 'updatedAt', 'emailVerifiedAt', 'trialEndsAt', 'teamTrialEndsAt'];

  declare id: string;
  declare name: string;
  declare email: string;
  declare passwordHash: string | null;
  declare plan: Plan;
  declare dailyUsage: number;
  declare usageDay: string | null;
  declare sessionEpoch: number;
  declare documentCount: number;
  /** Changes with every change to the user's documents (kept by database triggers). */
  declare documentsVersion: number;
  declare oidcSubject: string | null;
  /** When the owner proved the address by following a verification link; null until then. */
  declare emailVerifiedAt: string | null;
  /** When the account's one Personal trial ends or ended; null while no trial was started. */
  declare trialEndsAt: string | null;
  /** When the account's one Team trial ends or ended; null while none was started. */
  declare teamTrialEndsAt: string | null;
  declare createdAt: string;
  declare updatedAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'name', 'email', 'plan'],
    properties: {
      id: { type: 'string', minLength: 36, maxLength: 36 },
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', minLength: 3, maxLength: 254 },
      passwordHash: { type: ['string', 'null'], maxLength: 255 },
      plan: { type: 'string', enum: [...PLANS] },
      dailyUsage: { type: 'integer', minimum: 0 },
      usageDay: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      sessionEpoch: { type: 'integer', minimum: 0 },
      documentCount: { type: 'integer', minimum: 0 },
      documentsVersion: { type: 'integer', minimum: 0 },
      oidcSubject: { type: ['string', 'null'], maxLength: 255 },
      emailVerifiedAt: { type: ['string', 'null'] },
      trialEndsAt: { type: ['string', 'null'] },
      teamTrialEndsAt: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
    },
  };

  /** Never let secrets reach a JSON response, even if a route forgets the presenter. */
  override $formatJson(json: Record<string, unknown>): Record<string, unknown> {
    const { passwordHash: _hash, sessionEpoch: _epoch, oidcSubject: _subject, ...rest } = super.$formatJson(json);
    return rest;
  }
}
