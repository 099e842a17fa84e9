// The failures the server's domain (services/, domain/) names, without HTTP: each is a plain class
// with a stable `code` a caller can switch on. errors.ts (toHttpError) is the one place that turns
// them into statuses and response bodies; services never choose a status.
import { SUMMARY_NOT_CONFIGURED, SUMMARY_SERVICE_FAILED } from '@marginalia/api';

/** The saved annotations moved on since the version the client based its change on. */
export const STALE_VERSION =
  'These annotations were changed elsewhere (another tab or device). Reload to get the latest version before saving.';

/** What a plan does not include; the message is the spec's upgrade wording (section 8). */
export const PRO_FEATURE_REQUIRED = 'PRO_FEATURE_REQUIRED';
export const PRO_FEATURE_MESSAGE = 'Upgrade to Pro to use this feature';
export const STORAGE_LIMIT_REACHED = 'STORAGE_LIMIT_REACHED';
export const GUEST_STORAGE_FULL = 'GUEST_STORAGE_FULL';

export abstract class DomainError extends Error {
  abstract readonly code: string;
}

/** Input the domain refuses for what it says (a wrong current password, a used link), not its shape. */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
  readonly code = 'INVALID_INPUT';
}

/** No such row for this caller; the message says what was looked for. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  readonly code = 'NOT_FOUND';
}

/** A link or draft that existed but is past its time. */
export class ExpiredError extends DomainError {
  override readonly name = 'ExpiredError';
  readonly code = 'EXPIRED';
}

/** The change contradicts the stored state (an email taken, a trial used, a file replaced meanwhile). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  readonly code = 'CONFLICT';
}

/** A save based on an older version than the stored one; `version` is the stored one. */
export class StaleVersionError extends DomainError {
  override readonly name = 'StaleVersionError';
  readonly code = 'STALE_VERSION';
  readonly version: number;
  constructor(version: number) {
    super(STALE_VERSION);
    this.version = version;
  }
}

/** The document is still being converted, or its conversion failed. */
export class NotReadyError extends DomainError {
  override readonly name = 'NotReadyError';
  readonly code = 'NOT_READY';
  readonly status: string;
  constructor(status: string) {
    super(`This document is not ready (status ${status}).`);
    this.status = status;
  }
}

/** A file of a kind this action does not take. */
export class UnsupportedFileError extends DomainError {
  override readonly name = 'UnsupportedFileError';
  readonly code = 'UNSUPPORTED_FILE';
}

/** A file of the right kind that cannot be used: unreadable, or too complex to process. */
export class UnprocessableFileError extends DomainError {
  override readonly name = 'UnprocessableFileError';
  readonly code = 'UNPROCESSABLE_FILE';
}

/** Too many requests or jobs for now; `retryAfterMs` when it is known when to try again. */
export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';
  readonly code = 'RATE_LIMITED';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The annotations would pass the size the server stores per document after a change. */
export class AnnotationsTooLargeError extends DomainError {
  override readonly name = 'AnnotationsTooLargeError';
  readonly code = 'ANNOTATIONS_TOO_LARGE';
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    const limit =
      limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MB` : `${Math.round(limitBytes / 1024)} KB`;
    super(`The annotations would be over ${limit} with these changes. Remove some (images weigh the most) and save again.`);
    this.limitBytes = limitBytes;
  }
}

/** A feature the user's plan does not include. */
export class ProFeatureRequiredError extends DomainError {
  override readonly name = 'ProFeatureRequiredError';
  readonly code = PRO_FEATURE_REQUIRED;
  readonly feature: string;
  constructor(feature: string) {
    super(PRO_FEATURE_MESSAGE);
    this.feature = feature;
  }
}

/** The server has no summary service (SUMMARY_API_URL and SUMMARY_MODEL unset): the app summarizes offline. */
export class SummaryNotConfiguredError extends DomainError {
  override readonly name = 'SummaryNotConfiguredError';
  readonly code = SUMMARY_NOT_CONFIGURED;
  constructor() {
    super('This server has no summary service. Summarize the document offline instead.');
  }
}

/** The summary service failed, took too long, or answered something that is not a summary of the pages sent. */
export class SummaryServiceError extends DomainError {
  override readonly name = 'SummaryServiceError';
  readonly code = SUMMARY_SERVICE_FAILED;
  constructor(options?: { cause?: unknown }) {
    super('The summary service did not answer. Please try again later.', options);
  }
}

/** The account's stored files would pass its plan's limit; `used` and `limit` in bytes. */
export class StorageLimitError extends DomainError {
  override readonly name = 'StorageLimitError';
  readonly code = STORAGE_LIMIT_REACHED;
  readonly used: number;
  readonly limit: number;
  constructor(message: string, used: number, limit: number) {
    super(message);
    this.used = used;
    this.limit = limit;
  }
}

/** Guests' recovery drafts fill the space the server keeps for them all. */
export class GuestStorageFullError extends DomainError {
  override readonly name = 'GuestStorageFullError';
  readonly code = GUEST_STORAGE_FULL;
}
