// Revisions: saved versions of a document, its PDF and its annotations together. A page save (new
// PDF plus annotations, atomically), an explicit "Save version" and a restore each record one.
//
// Files are shared by reference, never copied: a revision names the PDF the document had, so a
// "Save version" without page changes adds no bytes. A key is only ever copied from a row that
// names it, inside a transaction holding the document's lock, so once no row names a key none ever
// will again and its file can go. Every change to one document's PDF or revisions runs in a
// transaction that first locks the document's row (PostgreSQL; SQLite has a single writer), so two
// of them never interleave.
import { randomBytes, randomUUID } from 'node:crypto';
import { parseAnnotations, serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import type { Knex } from 'knex';
import type { RevisionSummary } from '@marginalia/api';
import type { Deps } from '../context';
import { isoNow } from '../models/BaseModel';
import type { Document, Revision, User } from '../models';
import { ConflictError, NotFoundError, NotReadyError, StaleVersionError, UnsupportedFileError } from '../domain/errors';
import { UUID_PATTERN } from '../domain/ids';
import { findWritableDocument } from './collaborators';
import { checkPdf, findOwnDocument, lockDocument } from './documents';
import { isFileReferenced, withFileIntent, writeFileIntents } from '../infrastructure/maintenance';
import { checkProAnnotations } from './proFeatures';
import { detectFileKindOfPath } from './sniff';
import { checkStorageAfterChange, lockAccountStorage } from './storage';

/** Revisions kept per document: recording one more removes the oldest (and its file, when unused). */
export const REVISIONS_PER_DOCUMENT = 20;

export const REVISION_NOT_FOUND = 'Revision not found';
export const NOT_A_PDF = 'The new pages must be a PDF file.';
const CHANGED_MEANWHILE = 'The document changed while the version was being saved; try again.';

/** Every column but the annotations text, for lists. */
const REVISION_SUMMARY = [
  'id',
  'documentId',
  'number',
  'authorId',
  'authorName',
  'pdfKey',
  'pageCount',
  'annotationCount',
  'size',
  'label',
  'restoredFromId',
  'createdAt',
];

/** A revision as the API shows it. */
export function presentRevision(revision: Revision) {
  return {
    id: revision.id,
    documentId: revision.documentId,
    number: Number(revision.number),
    createdAt: revision.createdAt,
    author: { id: revision.authorId, name: revision.authorName },
    pageCount: Number(revision.pageCount),
    annotationCount: Number(revision.annotationCount),
    size: Number(revision.size),
    label: revision.label,
    restoredFromId: revision.restoredFromId,
  } satisfies RevisionSummary;
}

function readyPdfKey(document: Document): string {
  if (document.status !== 'READY' || !document.pdfKey) {
    throw new NotReadyError(document.status);
  }
  return document.pdfKey;
}

interface RevisionContent {
  pdfKey: string;
  pageCount: number;
  size: number;
  /** Serialized annotations, as stored on documents. */
  annotations: string;
  annotationCount: number;
  label: string | null;
  restoredFromId: string | null;
}

/** Inserts the next revision of a locked document and prunes the oldest; answers the pruned keys. */
async function recordRevision(
  server: Deps<'models' | 'now'>,
  trx: Knex.Transaction,
  document: Document,
  author: User,
  content: RevisionContent,
): Promise<{ revision: Revision; prunedKeys: string[] }> {
  const last = (await trx('revisions').where('documentId', document.id).max({ number: 'number' }).first()) as
    { number: number | string | null } | undefined;
  const number = Number(last?.number ?? 0) + 1;
  const revision = await server.models.Revision.query(trx).insertAndFetch({
    id: randomUUID(),
    documentId: document.id,
    number,
    authorId: author.id,
    authorName: author.name,
    ...content,
    createdAt: isoNow(server.now()),
  });
  const pruned = (await trx('revisions')
    .where('documentId', document.id)
    .where('number', '<=', number - REVISIONS_PER_DOCUMENT)
    .select('id', 'pdfKey')) as Array<{ id: string; pdfKey: string }>;
  if (pruned.length > 0) {
    await trx('revisions')
      .whereIn(
        'id',
        pruned.map((row) => row.id),
      )
      .delete();
  }
  return { revision, prunedKeys: pruned.map((row) => row.pdfKey) };
}

/**
 * Runs `change` on the locked document in one transaction, refused (413) when it leaves the owner's
 * storage over the plan's limit (services/storage.ts). The keys it lets go of are removed
 * from the store after the commit when no row names them any more; their intents are written
 * before the commit, so a crash in between leaves them to the start-up check.
 */
async function changeDocument<T>(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'tmpDir' | 'now'>,
  document: Document,
  change: (trx: Knex.Transaction, locked: Document) => Promise<{ result: T; releasedKeys: string[] }>,
): Promise<T> {
  let releaseIntents: (() => Promise<void>) | undefined;
  const unused: string[] = [];
  try {
    const result = await server.knex.transaction(async (trx) => {
      const locked = await lockDocument(server, trx, document);
      // The owner's row after the document's, the order every transaction takes them in.
      const storage = await lockAccountStorage(server, trx, locked.userId);
      const { result: changed, releasedKeys } = await change(trx, locked);
      await checkStorageAfterChange(trx, locked.userId, storage);
      for (const key of new Set(releasedKeys)) {
        if (!(await isFileReferenced(trx, key))) unused.push(key);
      }
      releaseIntents = await writeFileIntents(server.tmpDir, unused);
      return changed;
    });
    for (const key of unused) await server.fileStore.remove(key);
    return result;
  } finally {
    await releaseIntents?.();
  }
}

/** Page count and size of a stored PDF: from a revision that names it, else read by the PDF worker. */
async function describeStoredPdf(
  server: Deps<'models' | 'fileStore' | 'pdfWorker' | 'tmpDir'>,
  user: User,
  documentId: string,
  pdfKey: string,
): Promise<{ pageCount: number; size: number }> {
  const known = await server.models.Revision.query()
    .select('pageCount', 'size')
    .where({ documentId, pdfKey })
    .orderBy('number', 'desc')
    .first();
  if (known) return { pageCount: Number(known.pageCount), size: Number(known.size) };
  const size = await server.fileStore.size(pdfKey);
  if (size === undefined) throw new NotFoundError('File not found');
  const local = await server.fileStore.localFile(pdfKey, server.tmpDir);
  try {
    return { pageCount: await checkPdf(server, local.path, { owner: user.id }), size };
  } finally {
    await local.release();
  }
}

const annotationsOf = (serialized: string | null): Annotation[] => (serialized ? parseAnnotations(serialized) : []);
const annotationCountOf = (serialized: string | null): number => annotationsOf(serialized).length;

/** "Save version": a revision of the document as it is now (its PDF is shared, not copied). */
export async function saveVersion(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'pdfWorker' | 'tmpDir' | 'now'>,
  user: User,
  documentId: string,
  label: string | null,
): Promise<Revision> {
  const document = await findOwnDocument(server, user, documentId);
  const pdfKey = readyPdfKey(document);
  const { pageCount, size } = await describeStoredPdf(server, user, document.id, pdfKey);
  return changeDocument(server, document, async (trx, locked) => {
    if (locked.pdfKey !== pdfKey) throw new ConflictError(CHANGED_MEANWHILE);
    const annotations = locked.annotations ?? serializeAnnotations([]);
    const { revision, prunedKeys } = await recordRevision(server, trx, locked, user, {
      pdfKey,
      pageCount,
      size,
      annotations,
      annotationCount: annotationCountOf(annotations),
      label,
      restoredFromId: null,
    });
    return { result: revision, releasedKeys: prunedKeys };
  });
}

export interface ContentChange {
  document: Document;
  annotations: Annotation[];
  revision: Revision;
}

/**
 * A page save: the new PDF (checked by the PDF worker like an upload) and the annotations replace
 * the document's together, in one transaction with the annotations' version check, and are
 * recorded as a revision. A stale version (409) or a refused PDF changes nothing.
 */
export async function replaceContent(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'pdfWorker' | 'tmpDir' | 'now'>,
  user: User,
  documentId: string,
  file: { path: string; size: number },
  input: { annotations: Annotation[]; version: number },
): Promise<ContentChange> {
  // The owner or an editor saves; the owner's plan decides what the document may hold.
  const { document, owner } = await findWritableDocument(server, user, documentId);
  readyPdfKey(document);
  // Checked again under the lock; this only spares the PDF worker a save that cannot succeed.
  if (document.annotationsVersion !== input.version) throw new StaleVersionError(document.annotationsVersion);
  if ((await detectFileKindOfPath(file.path)) !== 'pdf') throw new UnsupportedFileError(NOT_A_PDF);
  const pageCount = await checkPdf(server, file.path, { owner: owner.id });
  const pdfKey = `${document.id}.pages-${randomBytes(8).toString('hex')}.pdf`;
  const annotations = serializeAnnotations(input.annotations);
  return withFileIntent(server.tmpDir, [pdfKey], async () => {
    await server.fileStore.putFile(pdfKey, file.path);
    try {
      return await changeDocument(server, document, async (trx, locked) => {
        if (locked.annotationsVersion !== input.version) throw new StaleVersionError(locked.annotationsVersion);
        checkProAnnotations(owner, server.now(), input.annotations, () => annotationsOf(locked.annotations));
        const changed = await server.models.Document.query(trx)
          .findById(locked.id)
          .where('annotationsVersion', input.version)
          .patch({
            pdfKey,
            annotations,
            annotationsVersion: input.version + 1,
            updatedAt: isoNow(server.now()),
          });
        if (changed !== 1) throw new StaleVersionError(locked.annotationsVersion);
        const { revision, prunedKeys } = await recordRevision(server, trx, locked, user, {
          pdfKey,
          pageCount,
          size: file.size,
          annotations,
          annotationCount: input.annotations.length,
          label: null,
          restoredFromId: null,
        });
        const updated = await lockDocument(server, trx, locked);
        return {
          result: { document: updated, annotations: input.annotations, revision },
          releasedKeys: [locked.pdfKey ?? '', ...prunedKeys].filter(Boolean),
        };
      });
    } catch (error) {
      // Not committed: the new file is nobody's.
      if (!(await isFileReferenced(server.knex, pdfKey))) await server.fileStore.remove(pdfKey);
      throw error;
    }
  });
}

/**
 * Makes a revision current again (PDF and annotations, version-checked) and records that as a new
 * revision. Allowed whatever the plan: it brings back what the account already stored, Pro
 * annotations included (services/proFeatures.ts).
 */
export async function restoreRevision(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'tmpDir' | 'now'>,
  user: User,
  documentId: string,
  revisionId: string,
  version: number,
): Promise<ContentChange> {
  const document = await findOwnDocument(server, user, documentId);
  readyPdfKey(document);
  if (!UUID_PATTERN.test(revisionId)) throw new NotFoundError(REVISION_NOT_FOUND);
  return changeDocument(server, document, async (trx, locked) => {
    const source = await server.models.Revision.query(trx)
      .findById(revisionId)
      .where('documentId', locked.id);
    if (!source) throw new NotFoundError(REVISION_NOT_FOUND);
    const changed = await server.models.Document.query(trx)
      .findById(locked.id)
      .where('annotationsVersion', version)
      .patch({
        pdfKey: source.pdfKey,
        annotations: source.annotations,
        annotationsVersion: version + 1,
        updatedAt: isoNow(server.now()),
      });
    if (changed !== 1) throw new StaleVersionError(locked.annotationsVersion);
    const { revision, prunedKeys } = await recordRevision(server, trx, locked, user, {
      pdfKey: source.pdfKey,
      pageCount: Number(source.pageCount),
      size: Number(source.size),
      annotations: source.annotations,
      annotationCount: Number(source.annotationCount),
      label: null,
      restoredFromId: source.id,
    });
    const updated = await lockDocument(server, trx, locked);
    return {
      result: { document: updated, annotations: parseAnnotations(source.annotations), revision },
      releasedKeys: [locked.pdfKey ?? '', ...prunedKeys].filter(Boolean),
    };
  });
}

/** The document's revisions, newest first, without their annotations. */
export async function listRevisions(
  server: Deps<'models'>,
  user: User,
  documentId: string,
): Promise<Revision[]> {
  const document = await findOwnDocument(server, user, documentId);
  return server.models.Revision.query()
    .select(REVISION_SUMMARY)
    .where('documentId', document.id)
    .orderBy('number', 'desc');
}

/** One of the user's document's revisions, with its annotations, and the document. */
export async function findRevision(
  server: Deps<'models'>,
  user: User,
  documentId: string,
  revisionId: string,
): Promise<{ document: Document; revision: Revision }> {
  const document = await findOwnDocument(server, user, documentId);
  const revision = UUID_PATTERN.test(revisionId)
    ? await server.models.Revision.query().findById(revisionId).where('documentId', document.id)
    : undefined;
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND);
  return { document, revision };
}
