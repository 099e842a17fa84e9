// The editor's saved work: GET/PUT /api/documents/:id/annotations with optimistic versioning (a PUT
// based on a stale version answers 409, so two tabs cannot silently overwrite each other), PATCH
// with only what changed since a version, under the same rule, and GET /api/documents/:id/export,
// the PDF with the annotations burned in by the core.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { ServerContext } from '../context';
import { NotReadyError, StaleVersionError } from '../domain/errors';
import { badRequest, HttpError } from '../errors';
import type { Document } from '../models';
import { patchAnnotations, replaceAnnotations, storedAnnotations } from '../services/annotations';
import { findOwnDocument } from '../services/documents';
import { contentDisposition, withExtension } from '../services/fileNames';
import { findAnnotationImageProblem } from '../services/annotationImages';
import { jobLimitError, PdfWorkerError } from '../services/pdfWorker';
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
    throw new NotReadyError(document.status);
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
    const save = { Document: server.models.Document, documentId: document.id, user, version: body.version, now: server.now() };
    ctx.body = { annotations, version: await replaceAnnotations(save, annotations) };
  });

  // A diff applies only to the version stored now (see services/annotations.ts); a stale version is
  // the PUT's 409, so one of two saves from the same version always hears of the other.
  router.patch('/api/documents/:id/annotations', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const { version, ...input } = readBody(ctx, patchSchema);
    const changes = readAnnotationChanges(input);
    // Spares reading the stored list when the answer is already known; checked again under the lock.
    if (document.annotationsVersion !== version) throw new StaleVersionError(document.annotationsVersion);
    const saved = await patchAnnotations(
      {
        Document: server.models.Document,
        documentId: document.id,
        user,
        version,
        now: server.now(),
        knex: server.knex,
        lockRow: server.client === 'postgres',
        maxBytes: server.config.limits.annotationsJsonBytes,
      },
      changes,
    );
    ctx.body = { version: saved };
  });

  router.get('/api/documents/:id/export', auth, async (ctx) => {
    const document = await findOwnDocument(server, authState(ctx).user, ctx.params.id ?? '', { withAnnotations: true });
    await sendExport(server, ctx, document, parseWatermark(ctx.query.watermark));
  });
}
