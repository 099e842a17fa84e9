// Exports of a document with its annotations burned in, for the owner (routes/annotations.ts) and
// through a share link (routes/shares.ts).
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Context } from 'koa';
import type { ServerContext } from '../context';
import { NotReadyError } from '../domain/errors';
import { badRequest, HttpError } from '../errors';
import type { Document } from '../models';
import { storedAnnotations, storedFormValues } from '../services/annotations';
import { findAnnotationImageProblem } from '../services/annotationImages';
import { contentDisposition, withExtension } from '../services/fileNames';
import { jobLimitError } from '../services/documents';
import { PdfWorkerError } from '../infrastructure/pdfWorker';

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
    await server.pdfWorker.exportPdf(source.path, output, annotations, watermark, { owner: document.userId }, storedFormValues(document));
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
