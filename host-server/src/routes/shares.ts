// Read-only share links. The owner creates (optionally expiring) links and revokes them; anyone
// holding a link's token can read the document, its annotations and its PDF, and nothing else.
import { randomBytes, randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import * as z from 'zod';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { isoNow } from '../models/BaseModel';
import type { Document, Share } from '../models';
import { sha256 } from '../services/accounts';
import { findOwnDocument } from '../services/documents';
import { PLAN_COLUMNS } from '../services/plans';
import { hasPro } from '../services/proFeatures';
import { storedAnnotations } from '../services/annotations';
import { sendExport } from './exports';
import { jsonBody, readBody } from './bodies';
import { sendStoredFile } from './storedFiles';
import { authState, requireAuth } from './requireAuth';
import { UUID_PATTERN } from '../domain/ids';

const MAX_EXPIRY_HOURS = 24 * 365;

const createSchema = z.object({
  expiresInHours: z
    .number()
    .positive('expiresInHours must be positive')
    .max(MAX_EXPIRY_HOURS, `expiresInHours must be at most ${MAX_EXPIRY_HOURS}`)
    .optional(),
});

const INVALID_LINK = 'This share link is invalid, revoked or expired.';

function presentShare(share: Share) {
  return { id: share.id, documentId: share.documentId, expiresAt: share.expiresAt, createdAt: share.createdAt };
}

export function registerShareRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.jsonBytes);

  /** The shared document for a token, if the link exists and has not expired. */
  async function sharedDocument(token: string): Promise<Document> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(INVALID_LINK);
    const share = await server.models.Share.query().findOne({ tokenHash: sha256(token) });
    if (!share || (share.expiresAt && share.expiresAt <= isoNow(server.now()))) throw notFound(INVALID_LINK);
    const document = await server.models.Document.query().findById(share.documentId);
    if (!document) throw notFound(INVALID_LINK);
    return document;
  }

  router.post('/api/documents/:id/shares', auth, json, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '');
    const { expiresInHours } = readBody(ctx, createSchema);
    const token = randomBytes(32).toString('base64url');
    const now = server.now();
    const share = await server.models.Share.query().insertAndFetch({
      id: randomUUID(),
      documentId: document.id,
      tokenHash: sha256(token),
      expiresAt: expiresInHours ? isoNow(new Date(now.getTime() + expiresInHours * 3600_000)) : null,
      createdAt: isoNow(now),
    });
    ctx.status = 201;
    // The token is shown once, here; only its hash is stored.
    ctx.body = { share: { ...presentShare(share), token, url: `${server.config.appUrl}/share/${token}` } };
  });

  router.get('/api/documents/:id/shares', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '');
    const shares = await server.models.Share.query().where('documentId', document.id).orderBy('createdAt', 'desc');
    ctx.body = { shares: shares.map(presentShare) };
  });

  router.delete('/api/documents/:id/shares/:shareId', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '');
    const shareId = ctx.params.shareId ?? '';
    const deleted = UUID_PATTERN.test(shareId)
      ? await server.models.Share.query().findById(shareId).where('documentId', document.id).delete()
      : 0;
    if (deleted !== 1) throw notFound('Share link not found');
    // Its visitors' live sessions end now, not at their next change.
    server.collaboration.revoke(`share:${shareId}`);
    ctx.body = { message: 'Share link revoked' };
  });

  router.get('/api/shares/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    const document = await sharedDocument(token);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      document: {
        id: document.id,
        name: document.name,
        size: Number(document.size),
        status: document.status,
        createdAt: document.createdAt,
        updatedAt: document.updatedAt,
      },
      annotations: storedAnnotations(document),
      version: document.annotationsVersion,
      fileUrl: `/api/shares/${token}/file`,
      exportUrl: `/api/shares/${token}/export`,
    };
  });

  router.get('/api/shares/:token/file', async (ctx) => {
    const document = await sharedDocument(ctx.params.token ?? '');
    if (document.status !== 'READY' || !document.pdfKey) throw notFound('This document is not ready.');
    await sendStoredFile(server, ctx, document.pdfKey, { type: 'application/pdf', fileName: document.name });
  });

  // Whoever opens a link is a guest, and guests' downloads carry the free-version watermark (spec
  // sections 1 and 6), as the app's guest download does; an owner with Pro shares clean copies.
  router.get('/api/shares/:token/export', async (ctx) => {
    const document = await sharedDocument(ctx.params.token ?? '');
    const owner = await server.models.User.query().select(...PLAN_COLUMNS).findById(document.userId).throwIfNotFound();
    await sendExport(server, ctx, document, hasPro(owner, server.now()) ? false : {});
  });
}
