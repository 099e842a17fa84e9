// The JSON shapes the API answers with. Built field by field, so adding a column never leaks it,
// and each `satisfies` the answer type the app reads (@marginalia/api), so a field sent but not
// declared there, or a declared field left out, fails the typecheck.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DocumentAccess, DocumentSummary as ApiDocument, User as ApiUser } from '@marginalia/api';
import type { Deps } from '../context';
import type { Document, User } from '../models';
import { currentPlan, teamTrialActive, trialActive } from './plans';
import { dailyLimitOf, dailyUsageOf } from './quota';
import { storageLimitOf, storageUsedBytes } from './storage';

export async function presentUser(server: Deps<'config' | 'reader' | 'now'>, user: User) {
  const now = server.now();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: Boolean(user.emailVerifiedAt),
    plan: currentPlan(user, now),
    trialEndsAt: user.trialEndsAt,
    trialActive: trialActive(user, now),
    teamTrialEndsAt: user.teamTrialEndsAt,
    teamTrialActive: teamTrialActive(user, now),
    dailyUsage: dailyUsageOf(user, now),
    dailyLimit: dailyLimitOf(user, now, server.config.limits.freeDailyUploads),
    storageUsed: await storageUsedBytes(server.reader, user.id),
    storageLimit: storageLimitOf(user, now, server.config.limits.storageBytes),
    createdAt: user.createdAt,
  } satisfies ApiUser;
}

/** The document fields the API shows, as a model or as a plain row from a list query. */
export type DocumentSummary = Pick<
  Document,
  | 'id'
  | 'name'
  | 'originalName'
  | 'size'
  | 'mimeType'
  | 'status'
  | 'failureReason'
  | 'annotationsVersion'
  | 'thumbnailKey'
  | 'thumbnailVersion'
> & { createdAt: string | Date; updatedAt: string | Date };

const iso = (value: string | Date): string => (value instanceof Date ? value.toISOString() : value);

function thumbnailSignature(server: Deps<'config'>, documentId: string, version: number): string {
  return createHmac('sha256', server.config.jwtSecret)
    .update(`thumbnail:${documentId}:${version}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Thumbnails are fetched by <img> tags, which cannot send the bearer token, so their URL carries a
 * signature instead: unguessable, given only to the owner, and dead once the thumbnail is replaced.
 */
export function thumbnailUrl(server: Deps<'config'>, document: DocumentSummary): string | undefined {
  if (!document.thumbnailKey) return undefined;
  const version = document.thumbnailVersion;
  return `/api/documents/${document.id}/thumbnail?v=${version}&sig=${thumbnailSignature(server, document.id, version)}`;
}

export function thumbnailSignatureMatches(
  server: Deps<'config'>,
  document: Document,
  version: string | undefined,
  signature: string | undefined,
): boolean {
  if (!signature || version !== String(document.thumbnailVersion)) return false;
  const expected = Buffer.from(thumbnailSignature(server, document.id, document.thumbnailVersion));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Who is answered about a document: what they may do with it, and, when it is not theirs, whose it is. */
export interface DocumentSharing {
  access: DocumentAccess;
  /** Members and invitations, for the owner; 0 for anyone else. */
  collaborators: number;
  owner?: { name: string; email: string };
}

/** An owner's answer about their own document. */
export const ownDocument = (collaborators: number): DocumentSharing => ({ access: 'owner', collaborators });

export function presentDocument(server: Deps<'config'>, document: DocumentSummary, sharing: DocumentSharing) {
  const url = thumbnailUrl(server, document);
  return {
    id: document.id,
    name: document.name,
    originalName: document.originalName,
    size: Number(document.size),
    mimeType: document.mimeType,
    status: document.status,
    failureReason: document.failureReason ?? null,
    annotationsVersion: document.annotationsVersion,
    ...(url ? { thumbnailUrl: url } : {}),
    createdAt: iso(document.createdAt),
    updatedAt: iso(document.updatedAt),
    access: sharing.access,
    collaborators: sharing.collaborators,
    ...(sharing.owner ? { owner: { name: sharing.owner.name, email: sharing.owner.email } } : {}),
  } satisfies ApiDocument;
}
