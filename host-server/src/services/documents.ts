// Documents: turning a received upload into a stored document (type check by content, PDF check by
// the core, quota, row and file committed together), finding a user's own documents, deleting.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Deps } from '../context';
import { type DomainError, NotFoundError, RateLimitedError, UnprocessableFileError, UnsupportedFileError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import { SUMMARY_COLUMNS, type Document, type User } from '../models';
import type { DocumentSummary } from './presenters';
import { UUID_PATTERN } from '../domain/ids';
import { sanitizeFileName, withExtension } from './fileNames';
import { withFileIntent, writeFileIntents } from '../infrastructure/maintenance';
import { exceedsPixelLimit, imageSize } from '../infrastructure/imageSize';
import { type JobOwner, PdfWorkerError, TOO_COMPLEX } from '../infrastructure/pdfWorker';
import { QUOTA_MESSAGE, reserveUpload } from './quota';
import { detectFileKind, type FileKind, MIME_TYPES, readFileHead } from './sniff';
import { checkStorageAfterChange, lockAccountStorage } from './storage';
import type { ReceivedFile } from '../domain/files';

export const UNSUPPORTED_TYPE = 'File type not supported. Please upload PDF, JPG, PNG, DOC, or DOCX files.';
export const TOO_LARGE = 'File size too large. Maximum size is 100MB.';

const EXTENSIONS: Record<FileKind, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', doc: 'doc', docx: 'docx' };

const PDF_REJECTIONS: Record<string, string> = {
  invalid: 'The file could not be read as a PDF; it may be truncated or damaged.',
  encrypted: 'Password-protected PDFs are not supported. Remove the password and upload the file again.',
  empty: 'This PDF has no pages.',
};

/** The user's document with this id; 404 for anybody else's id, or an id that is not one of ours. */
export async function findOwnDocument(
  server: Deps<'models'>,
  user: User,
  id: string,
  options: { withAnnotations?: boolean } = {},
): Promise<Document> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError('Document not found');
  const query = server.models.Document.query().findById(id).where('userId', user.id);
  if (!options.withAnnotations) query.modify('summary');
  const document = await query;
  if (!document) throw new NotFoundError('Document not found');
  return document;
}

/**
 * The document's row inside `trx`, locked until the transaction ends (PostgreSQL; SQLite has a
 * single writer), so the changes to one document made under it never interleave.
 */
export async function lockDocument(
  server: Deps<'client' | 'models'>,
  trx: Knex.Transaction,
  document: Document,
): Promise<Document> {
  const query = server.models.Document.query(trx).findById(document.id).where('userId', document.userId);
  if (server.client === 'postgres') query.forUpdate();
  const locked = await query;
  if (!locked) throw new NotFoundError('Document not found');
  return locked;
}

/** The answer to a job refused for its size (422) or for a full queue (429), common to every route running jobs. */
export function jobLimitError(error: PdfWorkerError): DomainError | undefined {
  if (error.reason === 'too-complex') return new UnprocessableFileError(TOO_COMPLEX);
  if (error.reason === 'busy') return new RateLimitedError(error.message, error.retryAfterMs);
  return undefined;
}

/** Rejects a PDF the core cannot open (422), with a message saying why; answers its page count. */
export async function checkPdf(server: Deps<'pdfWorker'>, path: string, job: JobOwner): Promise<number> {
  try {
    return (await server.pdfWorker.check(path, job)).pageCount;
  } catch (error) {
    if (!(error instanceof PdfWorkerError)) throw error;
    const limited = jobLimitError(error);
    if (limited) throw limited;
    // Anything else the core stumbled on while reading the file is the file's doing, not the server's.
    throw new UnprocessableFileError(PDF_REJECTIONS[error.reason] ?? (PDF_REJECTIONS.invalid as string));
  }
}

/**
 * Stores a received upload as a document. PDFs are READY at once; images and Word files start
 * PROCESSING with a conversion job. The daily count, the storage check, the row and the move of the
 * file into the store happen in one transaction: if anything fails, none of them remains.
 */
export async function createDocument(server: Deps<'config' | 'knex' | 'client' | 'models' | 'fileStore' | 'pdfWorker' | 'jobs' | 'tmpDir' | 'now'>, user: User, received: ReceivedFile): Promise<Document> {
  const head = await readFileHead(received.path);
  const kind = detectFileKind(head);
  if (!kind) throw new UnsupportedFileError(UNSUPPORTED_TYPE);
  // Refused before anything decodes it; a JPEG whose frame header lies past the head is measured by the worker.
  const declared = kind === 'png' || kind === 'jpeg' ? imageSize(head) : undefined;
  if (declared && exceedsPixelLimit(declared)) throw new UnprocessableFileError(TOO_COMPLEX);
  if (kind === 'pdf') await checkPdf(server, received.path, { owner: user.id });

  const { Document, ConversionJob } = server.models;
  const id = randomUUID();
  const sourceKey = `${id}.${EXTENSIONS[kind]}`;
  const originalName = sanitizeFileName(received.clientName, `document.${EXTENSIONS[kind]}`);
  const now = server.now();
  const timestamp = isoNow(now);
  return withFileIntent(server.tmpDir, [sourceKey], async () => {
    let stored = false;
    try {
      const document = await server.knex.transaction(async (trx) => {
        const storage = await lockAccountStorage(server, trx, user.id);
        if (!(await reserveUpload(trx, user.id, now, server.config.limits.freeDailyUploads))) {
          throw new RateLimitedError(QUOTA_MESSAGE);
        }
        await trx('users').where('id', user.id).increment('documentCount', 1);
        const inserted = await Document.query(trx).insertAndFetch({
          id,
          userId: user.id,
          // The name downloads are offered under ends in what the file is, whatever the client called it.
          name: /\.pdf$/i.test(originalName) ? originalName : withExtension(originalName, '.pdf'),
          originalName,
          mimeType: MIME_TYPES[kind],
          size: received.size,
          status: kind === 'pdf' ? 'READY' : 'PROCESSING',
          failureReason: null,
          sourceKey,
          pdfKey: kind === 'pdf' ? sourceKey : null,
          thumbnailKey: null,
          thumbnailVersion: 0,
          annotations: null,
          annotationsVersion: 0,
          createdAt: timestamp,
          updatedAt: timestamp,
        });
        if (kind !== 'pdf') {
          await ConversionJob.query(trx).insert({
            id: randomUUID(),
            documentId: id,
            kind: kind === 'png' || kind === 'jpeg' ? 'image' : 'word',
            state: 'pending',
            attempts: 0,
            lastError: null,
            lockedAt: null,
            leaseOwner: null,
            leaseExpiresAt: null,
            createdAt: timestamp,
            updatedAt: timestamp,
          });
        }
        await checkStorageAfterChange(trx, user.id, storage);
        // The last step before the commit; the intent covers a crash between the two.
        await server.fileStore.putFile(sourceKey, received.path);
        stored = true;
        return inserted;
      });
      if (kind !== 'pdf') server.jobs.notify();
      return document;
    } catch (error) {
      if (stored) await server.fileStore.remove(sourceKey);
      throw error;
    }
  });
}

/**
 * Deletes the row (its shares, jobs and revisions go with it), then its files and its revisions'.
 * The keys are read in the deleting transaction, under the row's lock, so a page save or revision
 * committed just before is not missed.
 */
export async function deleteDocument(server: Deps<'knex' | 'client' | 'models' | 'fileStore' | 'tmpDir'>, document: Document): Promise<void> {
  let releaseIntents: (() => Promise<void>) | undefined;
  try {
    const keys = await server.knex.transaction(async (trx) => {
      const query = server.models.Document.query(trx).findById(document.id);
      if (server.client === 'postgres') query.forUpdate();
      const current = await query;
      if (!current) return [];
      const revisionKeys = (await trx('revisions').where('documentId', document.id).distinct('pdfKey')) as Array<{
        pdfKey: string;
      }>;
      const owned = [...new Set([...current.fileKeys(), ...revisionKeys.map((row) => row.pdfKey)])];
      releaseIntents = await writeFileIntents(server.tmpDir, owned);
      await server.models.Document.query(trx).deleteById(document.id);
      await trx('users').where('id', document.userId).decrement('documentCount', 1);
      return owned;
    });
    await Promise.all(keys.map((key) => server.fileStore.remove(key)));
  } finally {
    await releaseIntents?.();
  }
}
export interface ListOptions {
  page: number;
  limit: number;
  search?: string;
}

/** `search` matched literally: LIKE wildcards in it are escaped, values always bound. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A page of the user's documents, newest first. The hottest read of the API, so it runs as plain
 * knex on the read connections, walks the (user_id, created_at, id) index without sorting, and takes
 * the unfiltered total from the user's document count instead of counting rows.
 */
export async function listDocuments(
  server: Deps<'reader'>,
  user: User,
  options: ListOptions,
): Promise<{ documents: DocumentSummary[]; total: number }> {
  const { reader } = server;
  const query = reader('documents').where('userId', user.id);
  if (options.search) query.whereRaw("lower(name) like ? escape '\\'", [likePattern(options.search)]);
  const rows = query
    .clone()
    .select(SUMMARY_COLUMNS)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [documents, total] = await Promise.all([
    rows as Promise<DocumentSummary[]>,
    options.search
      ? query
          .clone()
          .count({ count: '*' })
          .first()
          .then((row) => Number((row as { count?: number | string } | undefined)?.count ?? 0))
      : Promise.resolve(user.documentCount),
  ]);
  return { documents, total };
}
