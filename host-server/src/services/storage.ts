// Storage: what an account's files weigh, the limit its plan gives it, and the check every change
// that can add bytes makes before it commits. An account's storage is its uploaded files plus the
// PDFs its revisions keep (page saves), each file counted once however many revisions share it.
// Guests' recovery drafts belong to no account: they share one server-wide cap instead.
//
// Correct under concurrency: the check runs inside the transaction that adds the bytes, after
// locking the account's row (PostgreSQL `FOR UPDATE`; SQLite has one writer connection, so its
// transactions never interleave), and measures the sums again there. Two uploads that each fit
// alone but not together are serialised on that row: the second sees the first's bytes.
import type { Knex } from 'knex';
import type { Deps } from '../context';
import { GuestStorageFullError, StorageLimitError } from '../domain/errors';
import type { Plan } from '../models';
import { currentPlan, PLAN_COLUMNS, type PlanFields } from './plans';

const MB = 1024 * 1024;
const GB = 1024 * MB;


/** "850 KB", "200.0 MB", "1 GB": sizes as messages and the dashboard show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function storageLimitMessage(used: number, limit: number): string {
  return `Storage limit reached: ${formatBytes(used)} of ${formatBytes(limit)} used. Delete documents or old versions to free space, or upgrade your plan for more storage.`;
}

export const GUEST_STORAGE_FULL_MESSAGE =
  'Recovery links are unavailable right now because guest storage is full. Please try again later, or sign up to save your work.';

/** The storage limit in bytes of the plan that applies at `now` (a running trial's is Personal's). */
export function storageLimitOf(user: PlanFields, now: Date, limits: Record<Plan, number>): number {
  return limits[currentPlan(user, now)];
}

const total = (row: { total: number | string | null } | undefined): number => Number(row?.total ?? 0);

/**
 * Bytes the user's revisions hold beyond their documents' uploaded files: each revision PDF counted
 * once however many revisions share it, none counted when it is the uploaded file itself.
 */
export async function revisionStorageBytes(db: Knex, userId: string): Promise<number> {
  const kept = db('revisions')
    .join('documents', 'documents.id', 'revisions.documentId')
    .where('documents.userId', userId)
    .whereRaw('revisions.pdf_key <> documents.source_key')
    .distinct('revisions.pdfKey', 'revisions.size')
    .as('kept');
  return total((await db.from(kept).sum({ total: 'size' }).first()) as { total: number | string | null } | undefined);
}

/** Bytes of the user's uploaded files and of their revisions' PDFs, read through `db` (a transaction or the readers). */
export async function storageUsedBytes(db: Knex, userId: string): Promise<number> {
  const [uploads, revisions] = await Promise.all([
    db('documents').where('userId', userId).sum({ total: 'size' }).first() as Promise<{ total: number | string | null } | undefined>,
    revisionStorageBytes(db, userId),
  ]);
  return total(uploads) + revisions;
}

/**
 * Locks the account's row for the rest of `trx` and answers its storage limit, read from the locked
 * row (a plan changed a moment ago counts) and its storage in use.
 */
export async function lockAccountStorage(
  server: Deps<'config' | 'client' | 'now'>,
  trx: Knex.Transaction,
  userId: string,
): Promise<{ used: number; limit: number }> {
  const query = trx('users').select(...PLAN_COLUMNS).where('id', userId).first();
  if (server.client === 'postgres') query.forUpdate();
  const row = (await query) as PlanFields | undefined;
  // A document's owner always exists (documents are deleted with their account).
  const limit = row ? storageLimitOf(row, server.now(), server.config.limits.storageBytes) : 0;
  return { used: await storageUsedBytes(trx, userId), limit };
}

/**
 * Refuses (413) a change that left the account over its limit and larger than it was: an account
 * already over (its plan shrank) can still save what does not grow it, and delete.
 */
export async function checkStorageAfterChange(
  trx: Knex.Transaction,
  userId: string,
  before: { used: number; limit: number },
): Promise<void> {
  const after = await storageUsedBytes(trx, userId);
  if (after > before.limit && after > before.used) {
    throw new StorageLimitError(storageLimitMessage(before.used, before.limit), before.used, before.limit);
  }
}

/** Refuses (413) before a request body is read when the account has no room left at all. */
export async function checkStorageLeft(server: Deps<'config' | 'reader' | 'now'>, user: PlanFields & { id: string }): Promise<void> {
  const limit = storageLimitOf(user, server.now(), server.config.limits.storageBytes);
  const used = await storageUsedBytes(server.reader, user.id);
  if (used >= limit) throw new StorageLimitError(storageLimitMessage(used, limit), used, limit);
}

/**
 * What all guests' drafts take: their files' bytes plus their annotations' characters (JSON, mostly
 * ASCII: data URLs are base64), expired ones included until the purge deletes them.
 */
async function guestDraftsBytes(db: Knex): Promise<number> {
  return total((await db('recoveryDrafts').sum({ total: db.raw('size + length(annotations)') }).first()) as
    { total: number | string | null } | undefined);
}

/** Refuses (507) before a request body is read when guests' drafts already fill their cap. */
export async function checkGuestDraftSpaceLeft(server: Deps<'config' | 'reader'>): Promise<void> {
  if ((await guestDraftsBytes(server.reader)) >= server.config.limits.guestDraftsBytes) {
    throw new GuestStorageFullError(GUEST_STORAGE_FULL_MESSAGE);
  }
}

/**
 * Takes the server-wide lock on guests' drafts for the rest of `trx` (PostgreSQL: a transaction-scoped
 * advisory lock; SQLite: its one writer) and refuses (507) a draft of `size` that would pass the cap.
 */
export async function reserveGuestDraftSpace(server: Deps<'config' | 'client'>, trx: Knex.Transaction, size: number): Promise<void> {
  if (server.client === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['marginalia.recovery_drafts']);
  if ((await guestDraftsBytes(trx)) + size > server.config.limits.guestDraftsBytes) {
    throw new GuestStorageFullError(GUEST_STORAGE_FULL_MESSAGE);
  }
}
