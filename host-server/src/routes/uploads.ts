// Receives one multipart file with koa-body/formidable, streamed to a private temporary folder
// (never held whole in memory). The size limit is enforced while the bytes arrive, and the folder
// is removed on every failure, including a client that hangs up half-way.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { badRequest, HttpError, isOutOfSpace } from '../errors';
import type { ReceivedFile } from '../domain/files';
import { readWithin } from '../requestBodies';

export interface ReceiveOptions {
  tmpRoot: string;
  field: string;
  maxBytes: number;
  tooLargeMessage: string;
  /** Bytes of text fields accepted beside the file (default 64 KB; annotations need more). */
  maxFieldsBytes?: number;
}

// Multipart framing around the file (boundaries, part headers, small fields) stays well under this.
const MULTIPART_OVERHEAD = 1024 * 1024;

interface FormidableFailure {
  httpCode?: number;
  code?: number;
}

// formidable's error codes (formidable/src/FormidableError.js).
const MAX_FILES_EXCEEDED = 1015;
const MAX_FIELDS_SIZE_EXCEEDED = 1006;
const EMPTY_FILE = [1010, 1008];
const ABORTED = 1002;

function translate(error: unknown, options: ReceiveOptions): HttpError {
  if (error instanceof HttpError) return error;
  const { httpCode, code } = (error ?? {}) as FormidableFailure;
  if (code === MAX_FILES_EXCEEDED) return badRequest(`${options.field}: upload one file at a time`);
  if (code === MAX_FIELDS_SIZE_EXCEEDED) return new HttpError(413, 'The form fields beside the file are too large');
  if (httpCode === 413) return new HttpError(413, options.tooLargeMessage);
  if (code !== undefined && EMPTY_FILE.includes(code)) return badRequest(`${options.field}: the file is empty`);
  if (code === ABORTED) return badRequest('The upload was interrupted');
  return badRequest('Malformed multipart upload');
}

function textFields(ctx: Context): Record<string, string> {
  const body: unknown = ctx.request.body;
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

export async function receiveFile(ctx: Context, options: ReceiveOptions): Promise<ReceivedFile> {
  if (!ctx.is('multipart/form-data')) {
    throw new HttpError(415, `Expected a multipart/form-data upload with a "${options.field}" field`);
  }
  const declared = Number(ctx.get('Content-Length') || 0);
  // Refuse before reading a byte when the client announces more than can be accepted.
  if (declared > options.maxBytes + (options.maxFieldsBytes ?? 0) + MULTIPART_OVERHEAD) {
    throw new HttpError(413, options.tooLargeMessage);
  }

  const dir = join(options.tmpRoot, randomUUID());
  await mkdir(dir, { recursive: true });
  const cleanup = () => rm(dir, { recursive: true, force: true });

  // formidable can hand over a file whose last write failed, a full disk's bytes missing: the write
  // stream reports its error once it has closed the file, after formidable's parser has ended, and
  // formidable then ignores it. The file's own error event still comes, and is waited for below.
  let writeFailed: Promise<unknown> | undefined;
  try {
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: dir,
        maxFiles: 1,
        maxFileSize: options.maxBytes,
        maxTotalFileSize: options.maxBytes,
        maxFields: 10,
        maxFieldsSize: options.maxFieldsBytes ?? 64 * 1024,
        allowEmptyFiles: false,
        minFileSize: 1,
        // Parts under another name are skipped, never written to disk.
        filter: (part) => part.name === options.field,
        onFileBegin: (_name, file) => {
          // formidable's files are event emitters, which its types do not say.
          if (file instanceof EventEmitter) writeFailed = new Promise((resolve) => file.once('error', resolve));
        },
      },
    });
    // A stalled or late body ends the wait with 408 (see requestBodies.ts).
    await readWithin(ctx, parse(ctx, async () => {}));
  } catch (error) {
    // The rest of a refused body is not worth parsing: stop now; once the answer is out it is
    // discarded or its connection closed (requestBodies.ts).
    ctx.req.pause();
    await cleanup();
    // A full disk is the server's trouble, not a malformed upload (507, see errors.ts).
    if (isOutOfSpace(error)) throw error;
    throw translate(error, options);
  }

  const entry = ctx.request.files?.[options.field];
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file) {
    await cleanup();
    throw badRequest(`${options.field}: a file is required`);
  }
  // formidable counts each chunk it wrote, failed or not: fewer bytes on disk mean a write failed.
  if (writeFailed && (await stat(file.filepath)).size < file.size) {
    const failure = await writeFailed;
    await cleanup();
    // A full disk is answered 507 (see errors.ts), any other failed write 500: the server's trouble.
    throw failure;
  }
  return { path: file.filepath, clientName: file.originalFilename ?? '', size: file.size, fields: textFields(ctx), cleanup };
}
