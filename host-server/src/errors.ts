// The one place where failures become HTTP answers: every error leaves as JSON `{ message }` with
// the right status, and nothing internal (stack, SQL, paths) leaves on a 500. A database that cannot
// be reached is not a server bug: those requests answer 503 with `Retry-After`.
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { AnnotationChangesError, AnnotationValidationError } from '@marginalia/pdf-editor/core';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from './db';
import {
  AnnotationsTooLargeError,
  ConflictError,
  DomainError,
  ExpiredError,
  GuestStorageFullError,
  InvalidInputError,
  NotFoundError,
  NotReadyError,
  ProFeatureRequiredError,
  RateLimitedError,
  StaleVersionError,
  StorageLimitError,
  SummaryNotConfiguredError,
  SummaryServiceError,
  UnprocessableFileError,
  UnsupportedFileError,
} from './domain/errors';
import { describeError, type Logger } from './logger';
import { PoolRefusedError } from './infrastructure/boundedPool';
import { StorageUnavailableError } from './infrastructure/fileStore';
import type { FailureStreak } from './infrastructure/retryLoop';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, { extra });
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new HttpError(429, message, {
    headers: retryAfterMs ? { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } : {},
  });

// The codes clients switch on are named with the domain errors that carry them.
export { GUEST_STORAGE_FULL, PRO_FEATURE_MESSAGE, PRO_FEATURE_REQUIRED, STORAGE_LIMIT_REACHED } from './domain/errors';

/**
 * 503: the database or the file store (bucket) cannot be reached (or is stopping, starting,
 * overloaded) right now; `dependency` names which. The request changed nothing that was
 * acknowledged, and may be sent again after `Retry-After` seconds.
 */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;
const serviceUnavailable = (dependency: 'database' | 'storage') =>
  new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, {
    headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
    extra: { code: SERVICE_UNAVAILABLE, dependency },
  });

interface FieldError {
  field: string;
  message: string;
}

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
}

function fromZod(error: ZodError): HttpError {
  const errors = zodFieldErrors(error);
  const message = errors.map((item) => `${item.field}: ${item.message}`).join('; ');
  return new HttpError(400, message, { extra: { errors } });
}

/** Errors thrown by body parsers (co-body via koa-body) carry a status, sometimes a type. */
function fromParser(error: unknown): HttpError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (status === 400 && (error instanceof SyntaxError || type === 'entity.parse.failed')) {
    return badRequest('Malformed JSON body');
  }
  if (status === 413 || type === 'entity.too.large') return new HttpError(413, 'Request body too large');
  if (status === 415 || type === 'encoding.unsupported') return new HttpError(415, 'Unsupported request encoding');
  if (status === 400 || status === 411) return badRequest('Malformed request body');
  return undefined;
}

export const OUT_OF_SPACE =
  'The server has run out of storage space, so this could not be saved. Please try again later.';

/**
 * A write that failed because a disk or a quota is full: ENOSPC or EDQUOT from the file system,
 * SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). Not the client's fault, and not a bug: 507.
 */
export function isOutOfSpace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === 'ERR_SQLITE_ERROR') return errcode === 13;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/** Each domain error's status and body: `{ message }` plus what a client needs to act on it. */
function fromDomain(error: DomainError): HttpError | undefined {
  const { message } = error;
  if (error instanceof StaleVersionError) return conflict(message, { version: error.version });
  if (error instanceof ConflictError || error instanceof NotReadyError) return conflict(message);
  if (error instanceof NotFoundError) return notFound(message);
  if (error instanceof InvalidInputError) return badRequest(message);
  if (error instanceof ExpiredError) return new HttpError(410, message);
  if (error instanceof UnsupportedFileError) return new HttpError(415, message);
  if (error instanceof UnprocessableFileError) return new HttpError(422, message);
  if (error instanceof AnnotationsTooLargeError) return new HttpError(413, message);
  if (error instanceof RateLimitedError) return tooManyRequests(message, error.retryAfterMs);
  if (error instanceof ProFeatureRequiredError) return new HttpError(403, message, { extra: { code: error.code, feature: error.feature } });
  if (error instanceof StorageLimitError) {
    return new HttpError(413, message, { extra: { code: error.code, used: error.used, limit: error.limit } });
  }
  if (error instanceof GuestStorageFullError) return new HttpError(507, message, { extra: { code: error.code } });
  if (error instanceof SummaryNotConfiguredError) return new HttpError(501, message, { extra: { code: error.code } });
  if (error instanceof SummaryServiceError) return new HttpError(502, message, { extra: { code: error.code } });
  // A domain error without a mapping is a server bug, answered as one (500) and logged.
  return undefined;
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return fromDomain(error);
  if (isOutOfSpace(error)) return new HttpError(507, OUT_OF_SPACE);
  if (error instanceof PoolRefusedError) {
    // A cancelled task's client has gone: the answer is never read, but it is not a server failure.
    return error.reason === 'busy'
      ? tooManyRequests('Too many requests. Please try again later.', error.retryAfterMs)
      : new HttpError(408, 'The request was cancelled');
  }
  // Before the database's check, which takes any refused connection in an error's causes for its own.
  // The store logs its own outage (see S3FileStore.observe).
  if (error instanceof StorageUnavailableError) return serviceUnavailable('storage');
  if (isDatabaseUnavailable(error)) return serviceUnavailable('database');
  if (error instanceof ZodError) return fromZod(error);
  if (error instanceof AnnotationValidationError) {
    return new HttpError(400, error.message, { extra: { errors: error.issues } });
  }
  // A PATCH made against another list than the one stored: well-formed, but it cannot apply.
  if (error instanceof AnnotationChangesError) {
    return new HttpError(422, error.message, { extra: { reason: error.reason, ids: error.ids } });
  }
  return fromParser(error);
}

/** A refused request body up to this size is read before a 503 goes out (see `readSmallBody`). */
const READ_BEFORE_503_BYTES = 1024 * 1024;
const READ_BEFORE_503_MS = 5_000;

/**
 * Reads (and drops) the rest of a small request body. A body the server never read makes it close
 * the connection after answering, and a client still sending then fails with EPIPE or a reset
 * instead of reading the answer: after a 503 it must see `Retry-After` to know it may send again.
 */
async function readSmallBody(req: IncomingMessage): Promise<void> {
  const declared = Number(req.headers['content-length']);
  if (req.complete || req.destroyed || !(declared > 0 && declared <= READ_BEFORE_503_BYTES)) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, READ_BEFORE_503_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

/**
 * `databaseOutage` is told about each request that failed because the database was unavailable, so
 * an outage is logged once rather than once per request (the app tells it when queries work again).
 */
export function errorMiddleware(logger: Logger, databaseOutage: FailureStreak): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Routes that matched nothing, or the router's 405/501, leave an empty body: answer JSON too.
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        const status = ctx.status;
        ctx.body = { message: status === 404 ? 'Not found' : (STATUS_CODES[status] ?? 'Error') };
        // Assigning a body makes Koa answer 200 unless the status is set again.
        ctx.status = status;
      }
    } catch (error) {
      const known = toHttpError(error);
      const status = known?.status ?? 500;
      // A full disk is answered 507, but it is the operator's to fix: it is logged like a failure.
      if (!known || isOutOfSpace(error)) {
        logger.error('request failed', { method: ctx.method, path: ctx.path, ...describeError(error) });
      } else if (known.extra.code === SERVICE_UNAVAILABLE) {
        if (known.extra.dependency === 'database') databaseOutage.failed(error);
        await readSmallBody(ctx.req);
      }
      // A response already on its way (a streamed download) cannot change status any more.
      if (ctx.headerSent || !ctx.writable) return;
      ctx.status = status;
      ctx.remove('Content-Disposition');
      ctx.set(known?.headers ?? {});
      ctx.body = known ? { message: known.message, ...known.extra } : { message: 'Internal server error' };
    }
  };
}
