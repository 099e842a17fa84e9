// /api/documents: upload, list, read, download and delete the signed-in user's documents, and the
// page-1 thumbnail the client renders and uploads. Another user's document id answers 404.
import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import type { DocumentListResponse } from '@marginalia/api';
import * as z from 'zod';
import type { ServerContext } from '../context';
import { conflict, HttpError, notFound, tooManyRequests } from '../errors';
import { isoNow } from '../models/BaseModel';
import { createDocument, deleteDocument, findOwnDocument, listDocuments, TOO_LARGE } from '../services/documents';
import { collaboratorCounts, findReadableDocument, listSharedDocuments, sharingOf } from '../services/collaborators';
import { withFileIntent } from '../infrastructure/maintenance';
import { ownDocument, presentDocument, thumbnailSignatureMatches } from '../services/presenters';
import { hasUploadsLeft, QUOTA_MESSAGE } from '../services/quota';
import { detectFileKindOfPath } from '../services/sniff';
import { checkStorageLeft } from '../services/storage';
import { beforeBody, sendStoredFile } from './storedFiles';
import { receiveFile } from './uploads';
import { authState, requireAuth } from './requireAuth';
import { UnprocessableFileError, UnsupportedFileError } from '../domain/errors';
import { UUID_PATTERN } from '../domain/ids';
import { MAX_WHOLE_NUMBER } from './validation';

export const TOO_MANY_FAILED_UPLOADS = 'Too many uploads could not be read. Please try again later.';

const listQuery = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(MAX_WHOLE_NUMBER, `page must be at most ${MAX_WHOLE_NUMBER}`)
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  // "Shared with me": the documents others invited the user to, instead of the user's own.
  scope: z.enum(['own', 'shared'], { error: 'scope must be own or shared' }).default('own'),
});

export function registerDocumentRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const { limits } = server.config;

  router.post('/api/documents/upload', auth, async (ctx) => {
    const { user } = authState(ctx);
    // Refused before the body is read; the count is taken again, atomically, when the row is written.
    if (!hasUploadsLeft(user, server.now(), limits.freeDailyUploads)) {
      ctx.set('Connection', 'close');
      throw tooManyRequests(QUOTA_MESSAGE);
    }
    // Refused before the body is read when nothing more fits; measured again with the file, atomically.
    await beforeBody(ctx, checkStorageLeft(server, user));
    // Every upload takes a point of the failed-upload limit before it starts, so parallel bad uploads
    // cannot overshoot it, and gives it back unless the file turns out unreadable (415, 422).
    const failures = server.limiters.failedUploadsPerAccount;
    const verdict = await failures.consume(user.id);
    if (!verdict.allowed) {
      ctx.set('Connection', 'close');
      throw tooManyRequests(TOO_MANY_FAILED_UPLOADS, verdict.retryAfterMs);
    }
    let unreadable = false;
    try {
      const received = await receiveFile(ctx, {
        tmpRoot: server.tmpDir,
        field: 'file',
        maxBytes: limits.maxUploadBytes,
        tooLargeMessage: TOO_LARGE,
      });
      try {
        const document = await createDocument(server, user, received);
        ctx.status = 201;
        ctx.body = { document: presentDocument(server, document, ownDocument(0)) };
      } catch (error) {
        unreadable = error instanceof UnsupportedFileError || error instanceof UnprocessableFileError;
        throw error;
      } finally {
        await received.cleanup();
      }
    } finally {
      if (!unreadable) await failures.refund(user.id);
    }
  });

  router.get('/api/documents', auth, async (ctx) => {
    const { user } = authState(ctx);
    // Keyed by the raw query string: a list already built answers without parsing it again.
    let body = server.listCache.get(user.id, user.documentsVersion, ctx.querystring);
    if (body === undefined) {
      const { page, limit, search, scope } = listQuery.parse(ctx.query);
      const pagination = (total: number) => ({ page, limit, total, pages: Math.ceil(total / limit) });
      if (scope === 'shared') {
        // Not cached: it changes with other accounts' documents, which leave this user's version alone.
        const { documents, total } = await listSharedDocuments(server, user, { page, limit });
        ctx.body = {
          documents: documents.map(({ document, sharing }) => presentDocument(server, document, sharing)),
          pagination: pagination(total),
        } satisfies DocumentListResponse;
        return;
      }
      const { documents, total } = await listDocuments(server, user, { page, limit, search: search || undefined });
      const counts = await collaboratorCounts(server, documents.map((document) => document.id));
      body = JSON.stringify({
        documents: documents.map((document) => presentDocument(server, document, ownDocument(counts.get(document.id) ?? 0))),
        pagination: pagination(total),
      } satisfies DocumentListResponse);
      server.listCache.set(user.id, user.documentsVersion, ctx.querystring, body);
    }
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.body = body;
  });

  router.get('/api/documents/:id', auth, async (ctx) => {
    const { document, access } = await findReadableDocument(server, authState(ctx).user, ctx.params.id ?? '');
    ctx.body = { document: presentDocument(server, document, await sharingOf(server, document, access)) };
  });

  router.get('/api/documents/:id/download', auth, async (ctx) => {
    const { document } = await findReadableDocument(server, authState(ctx).user, ctx.params.id ?? '');
    if (document.status !== 'READY' || !document.pdfKey) {
      throw conflict(`This document is not ready (status ${document.status}).`);
    }
    await sendStoredFile(server, ctx, document.pdfKey, { type: 'application/pdf', fileName: document.name });
  });

  router.delete('/api/documents/:id', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '');
    await deleteDocument(server, document);
    server.collaboration.closeDocument(document.id);
    ctx.body = { message: 'Document deleted' };
  });

  router.put('/api/documents/:id/thumbnail', auth, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const received = await receiveFile(ctx, {
      tmpRoot: server.tmpDir,
      field: 'thumbnail',
      maxBytes: limits.maxThumbnailBytes,
      tooLargeMessage: 'Thumbnail too large. Maximum size is 2MB.',
    });
    try {
      const kind = await detectFileKindOfPath(received.path);
      if (kind !== 'png' && kind !== 'jpeg') throw new HttpError(415, 'A thumbnail must be a PNG or JPEG image.');
      const version = document.thumbnailVersion + 1;
      // Unique per request: a request that loses a race removes its own file, never the winner's.
      const key = `${document.id}.thumbnail-${version}-${randomBytes(4).toString('hex')}.${kind === 'png' ? 'png' : 'jpg'}`;
      const previous = document.thumbnailKey;
      await withFileIntent(server.tmpDir, previous ? [key, previous] : [key], async () => {
        await server.fileStore.putFile(key, received.path);
        const changed = await server.models.Document.query()
          .findById(document.id)
          .where('thumbnailVersion', document.thumbnailVersion)
          .patch({ thumbnailKey: key, thumbnailVersion: version, updatedAt: isoNow(server.now()) });
        if (changed !== 1) {
          await server.fileStore.remove(key);
          throw conflict('The thumbnail was replaced at the same time; try again.');
        }
        if (previous) await server.fileStore.remove(previous);
      });
      const updated = await findOwnDocument(server, user, document.id);
      ctx.body = { document: presentDocument(server, updated, await sharingOf(server, updated, 'owner')) };
    } finally {
      await received.cleanup();
    }
  });

  // No bearer token here (an <img> cannot send one): the signed URL is the permission.
  router.get('/api/documents/:id/thumbnail', async (ctx) => {
    const id = ctx.params.id ?? '';
    const document = UUID_PATTERN.test(id)
      ? await server.models.Document.query().modify('summary').findById(id)
      : undefined;
    const { v, sig } = ctx.query;
    if (
      !document?.thumbnailKey ||
      !thumbnailSignatureMatches(server, document, typeof v === 'string' ? v : undefined, typeof sig === 'string' ? sig : undefined)
    ) {
      throw notFound('Thumbnail not found');
    }
    await sendStoredFile(server, ctx, document.thumbnailKey, {
      type: document.thumbnailKey.endsWith('.png') ? 'image/png' : 'image/jpeg',
      // The URL changes with every new thumbnail, so the old one may be cached for good.
      cacheControl: 'private, max-age=31536000, immutable',
    });
  });
}
