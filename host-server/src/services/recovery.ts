// Guests' recovery drafts: a guest who asks for a recovery link leaves their PDF, annotations, edit
// count and time spent here for 24 hours (spec: recovery link validity 24 h), under an id that is
// the link's secret, and gets the link by mail. Expired drafts are refused at once (410) and deleted
// with their files by `purgeExpiredDrafts`, which the server runs periodically.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { parseAnnotations, serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import type { Deps } from '../context';
import { ExpiredError, NotFoundError, UnsupportedFileError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { RecoveryDraft } from '../models';
import { checkPdf } from './documents';
import { sanitizeFileName } from './fileNames';
import { isFileReferenced, withFileIntent } from '../infrastructure/maintenance';
import type { JobOwner } from '../infrastructure/pdfWorker';
import { runExclusively } from '../infrastructure/exclusiveRun';
import { repeatUntilStopped } from '../infrastructure/retryLoop';
import { detectFileKindOfPath } from './sniff';
import { reserveGuestDraftSpace } from './storage';

/** Spec section 9: a recovery link is valid for 24 hours. */
export const RECOVERY_TTL_MS = 24 * 60 * 60_000;
/** How often expired drafts are deleted. */
export const PURGE_INTERVAL_MS = 15 * 60_000;

// Spec section 4 (recovery link) and the landing drop zone's messages.
export const LINK_INVALID = 'Recovery link expired or invalid';
export const LINK_EXPIRED = 'Recovery link has expired';
export const GUEST_TOO_LARGE = 'File is too large. Maximum size is 10MB for free accounts.';
export const GUEST_NOT_A_PDF = 'Invalid file type. Please upload a PDF file.';

// 32 random bytes in base64url (256 bits); anything else cannot be one of ours.
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

export interface DraftInput {
  fileName?: string;
  annotations: Annotation[];
  editCount: number;
  /** Minutes. */
  timeSpent: number;
  email: string;
}

export interface StoredDraft {
  id: string;
  expiresAt: string;
}

async function mailLink(server: Deps<'config' | 'mailer'>, draft: RecoveryDraft, id: string): Promise<void> {
  const link = `${server.config.appUrl}/recover/${id}`;
  await server.mailer.send({
    to: draft.email,
    subject: 'Your Marginalia recovery link',
    text: [
      `Your work on "${draft.fileName}" (${draft.editCount} edits) is kept for 24 hours.`,
      'Open this link in any browser to continue editing where you left off:',
      '',
      link,
      '',
      `The link expires at ${draft.expiresAt}; your file and annotations are deleted then.`,
      'If you did not ask for this link, ignore this message.',
    ].join('\n'),
  });
}

/**
 * Keeps a guest's PDF and annotations for 24 hours and mails the link; answers the link's id.
 * Refused (507) when all guests' drafts together would pass `limits.guestDraftsBytes`.
 */
export async function storeDraft(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'mailer' | 'pdfWorker' | 'tmpDir' | 'now'>,
  file: { path: string; size: number },
  input: DraftInput,
  job: JobOwner,
): Promise<StoredDraft> {
  if ((await detectFileKindOfPath(file.path)) !== 'pdf') throw new UnsupportedFileError(GUEST_NOT_A_PDF);
  await checkPdf(server, file.path, job);
  const id = randomBytes(32).toString('base64url');
  const fileKey = `recovery-${randomUUID()}.pdf`;
  const now = server.now();
  const annotations = serializeAnnotations(input.annotations);
  const draft = await withFileIntent(server.tmpDir, [fileKey], async () => {
    await server.fileStore.putFile(fileKey, file.path);
    try {
      return await server.knex.transaction(async (trx) => {
        await reserveGuestDraftSpace(server, trx, file.size + annotations.length);
        return server.models.RecoveryDraft.query(trx).insertAndFetch({
          idHash: hashId(id),
          fileKey,
          fileName: sanitizeFileName(input.fileName ?? '', 'Untitled.pdf'),
          size: file.size,
          annotations,
          editCount: input.editCount,
          timeSpent: input.timeSpent,
          email: input.email,
          createdAt: isoNow(now),
          expiresAt: isoNow(new Date(now.getTime() + RECOVERY_TTL_MS)),
        });
      });
    } catch (error) {
      await server.fileStore.remove(fileKey);
      throw error;
    }
  });
  try {
    await mailLink(server, draft, id);
  } catch (error) {
    // A draft nobody was told about would only wait to expire.
    await deleteDrafts(server, [draft]);
    throw error;
  }
  return { id, expiresAt: draft.expiresAt };
}

/** The draft behind a link: 404 when there is none, 410 once it has expired. */
export async function openDraft(server: Deps<'models' | 'now'>, id: string): Promise<RecoveryDraft> {
  const draft = ID_PATTERN.test(id)
    ? await server.models.RecoveryDraft.query().findById(hashId(id))
    : undefined;
  if (!draft) throw new NotFoundError(LINK_INVALID);
  if (draft.expiresAt <= isoNow(server.now())) throw new ExpiredError(LINK_EXPIRED);
  return draft;
}

export function draftAnnotations(draft: RecoveryDraft): Annotation[] {
  return parseAnnotations(draft.annotations);
}

async function deleteDrafts(server: Deps<'knex' | 'models' | 'fileStore' | 'tmpDir'>, drafts: RecoveryDraft[]): Promise<void> {
  const keys = drafts.map((draft) => draft.fileKey);
  await withFileIntent(server.tmpDir, keys, async () => {
    await server.models.RecoveryDraft.query()
      .whereIn(
        'idHash',
        drafts.map((draft) => draft.idHash),
      )
      .delete();
    for (const key of keys) {
      if (!(await isFileReferenced(server.knex, key))) await server.fileStore.remove(key);
    }
  });
}

/** Deletes every expired draft and its file; answers how many went. */
export async function purgeExpiredDrafts(server: Deps<'knex' | 'models' | 'fileStore' | 'tmpDir' | 'now'>): Promise<number> {
  let purged = 0;
  for (;;) {
    const expired = await server.models.RecoveryDraft.query()
      .where('expiresAt', '<=', isoNow(server.now()))
      .limit(200);
    if (expired.length === 0) return purged;
    await deleteDrafts(server, expired);
    purged += expired.length;
  }
}

/**
 * Runs `purgeExpiredDrafts` now and every `PURGE_INTERVAL_MS`; while the database is away it retries
 * sooner, logging the outage once. Answers the function that stops it.
 */
export function schedulePurge(server: Deps<'knex' | 'models' | 'fileStore' | 'logger' | 'tmpDir' | 'now'>): () => void {
  return repeatUntilStopped({
    what: 'deleting expired recovery drafts',
    intervalMs: PURGE_INTERVAL_MS,
    logger: server.logger,
    async run() {
      // Deleting twice is harmless (rows and files go once), but one instance at a time spares the work.
      await runExclusively(server.knex, 'purge-recovery-drafts', async () => {
        const count = await purgeExpiredDrafts(server);
        if (count > 0) server.logger.info('expired recovery drafts deleted', { count });
      });
    },
  });
}
