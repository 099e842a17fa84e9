// The editor's saved work: GET/PUT /api/documents/:id/annotations with optimistic versioning (a PUT
// based on a stale version answers 409, so two tabs cannot silently overwrite each other), PATCH
// with only what changed since a version, under the same rule, and GET /api/documents/:id/export,
// the PDF with the annotations burned in by the core.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type Router from '@koa/router';
import { applyAnnotationChanges, parseAnnotations, serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import type { Context } from 'koa';
import { z } from 'zod';
import type { ServerContext } from '../context';
import { STALE_VERSION } from '../domain/errors';
import { badRequest, conflict, HttpError } from '../errors';
import { isoNow } from '../models/BaseModel';
import type { Document } from '../models';
import { findOwnDocument, lockDocument } from '../services/documents';
import { contentDisposition, withExtension } from '../services/fileNames';
import { findAnnotationImageProblem } from '../services/annotationImages';
import { jobLimitError, PdfWorkerError } from '../services/pdfWorker';
import { checkProAnnotations, hasPro, hasProAnnotations } from '../services/proFeatures';
import { readAnnotationChanges, readAnnotations } from './annotationInput';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';
import { baseVersionField } from './validation';

const putSchema = z.object({ annotations: z.unknown(), version: baseVersionField });

// The lists are read by the SDK's parseAnnotationChanges, as the clients write them.
const patchSchema = z.object({
  added: z.unknown().optional(),
  updated: z.unknown().optional(),
  removed: z.unknown().optional(),
  version: baseVersionField,
});

function tooLargeAfterChanges(limitBytes: number): string {
  const limit = limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MB` : `${Math.round(limitBytes / 1024)} KB`;
  return `The annotations would be over ${limit} with these changes. Remove some (images weigh the most) and save again.`;
}

/** The stored annotations, validated again on the way out (the format may have moved on). */
export function storedAnnotations(document: Pick<Document, 'annotations'>): Annotation[] {
  return document.annotations ? parseAnnotations(document.annotations) : [];
}

export function parseWatermark(value: unknown): false | { text?: string } {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return {};
  throw badRequest('watermark: must be true or false');
}

/** Runs the core's export in the PDF worker and streams the result, removing it afterwards. */
export async function sendExport(
  server: ServerContext,
  ctx: Context,
  document: Document,
  watermark: false | { text?: string },
): Promise<void> {
  if (document.status !== 'READY' || !document.pdfKey) {
    throw conflict(`This document is not ready (status ${document.status}).`);
  }
  const annotations = storedAnnotations(document);
  // Stored before the image rule existed, or written by another tool: refused, never fetched.
  const imageProblem = findAnnotationImageProblem(annotations);
  if (imageProblem) throw new HttpError(422, imageProblem.message, { extra: { errors: [imageProblem] } });
  const outDir = join(server.tmpDir, `export-${randomUUID()}`);
  await mkdir(outDir, { recursive: true });
  const output = join(outDir, 'export.pdf');
  const source = await server.fileStore.localFile(document.pdfKey, outDir);
  try {
    // A guest's export through a share link is queued as the owner's job.
    await server.pdfWorker.exportPdf(source.path, output, annotations, watermark, { owner: document.userId });
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    if (error instanceof PdfWorkerError) {
      const limited = jobLimitError(error);
      if (limited) throw limited;
      if (error.reason !== 'failed') throw new HttpError(422, error.message);
    }
    throw error;
  } finally {
    await source.release();
  }
  const suffix = watermark ? '_edited_watermark.pdf' : '_edited.pdf';
  ctx.type = 'application/pdf';
  ctx.length = (await stat(output)).size;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', contentDisposition(withExtension(document.name, suffix)));
  const stream = createReadStream(output);
  stream.on('close', () => void rm(outDir, { recursive: true, force: true }));
  ctx.body = stream;
}

export function registerAnnotationRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.annotationsJsonBytes);

  router.get('/api/documents/:id/annotations', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '', { withAnnotations: true });
    ctx.body = { annotations: storedAnnotations(document), version: document.annotationsVersion };
  });

  router.put('/api/documents/:id/annotations', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const body = readBody(ctx, putSchema);
    const annotations = readAnnotations(body.annotations);
    if (!hasPro(user, server.now()) && hasProAnnotations(annotations)) {
      // Compared with the list stored at the version the save is based on; the update below only
      // applies at that version, so the list compared is the one replaced.
      const stored = await findOwnDocument(server, user, document.id, { withAnnotations: true });
      if (stored.annotationsVersion !== body.version) throw conflict(STALE_VERSION, { version: stored.annotationsVersion });
      checkProAnnotations(user, server.now(), annotations, () => storedAnnotations(stored));
    }
    const changed = await server.models.Document.query()
      .findById(document.id)
      .where('userId', user.id)
      .where('annotationsVersion', body.version)
      .patch({
        annotations: serializeAnnotations(annotations),
        annotationsVersion: body.version + 1,
        updatedAt: isoNow(server.now()),
      });
    if (changed !== 1) {
      const current = await findOwnDocument(server, user, document.id);
      throw conflict(STALE_VERSION, { version: current.annotationsVersion });
    }
    ctx.body = { annotations, version: body.version + 1 };
  });

  // Only a diff based on the version stored now applies: the server keeps no record of what each
  // version changed, and a client told "saved as version N" must hold version N, not a merge it
  // never saw (its next changes would be measured against the wrong list). A stale version is the
  // PUT's 409, so one of two saves from the same version always hears of the other.
  router.patch('/api/documents/:id/annotations', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const { version, ...input } = readBody(ctx, patchSchema);
    const changes = readAnnotationChanges(input);
    const stale = (current: number) => conflict(STALE_VERSION, { version: current });
    // Spares reading the stored list when the answer is already known; checked again under the lock.
    if (document.annotationsVersion !== version) throw stale(document.annotationsVersion);
    await server.knex.transaction(async (trx) => {
      const locked = await lockDocument(server, trx, document);
      if (locked.annotationsVersion !== version) throw stale(locked.annotationsVersion);
      const current = storedAnnotations(locked);
      const next = applyAnnotationChanges(current, changes);
      checkProAnnotations(user, server.now(), next, () => current);
      const serialized = serializeAnnotations(next);
      const { annotationsJsonBytes } = server.config.limits;
      if (Buffer.byteLength(serialized) > annotationsJsonBytes) throw new HttpError(413, tooLargeAfterChanges(annotationsJsonBytes));
      const changed = await server.models.Document.query(trx)
        .findById(locked.id)
        .where('annotationsVersion', version)
        .patch({ annotations: serialized, annotationsVersion: version + 1, updatedAt: isoNow(server.now()) });
      if (changed !== 1) throw stale(locked.annotationsVersion);
    });
    ctx.body = { version: version + 1 };
  });

  router.get('/api/documents/:id/export', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '', { withAnnotations: true });
    await sendExport(server, ctx, document, parseWatermark(ctx.query.watermark));
  });
}
