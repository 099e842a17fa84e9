// Maps a failed API response to what the user is told (spec section 8). Pure, so the table is testable.
export const ERROR_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  forbidden: 'You do not have permission to perform this action.',
  tooManyRequests: 'Too many requests. Please try again later.',
  server: 'Server error. Please try again later.',
  fallback: 'An error occurred',
  proFeature: 'Upgrade to Pro to use this feature',
} as const;

/**
 * Codes the server puts beside `message` for refusals the user can act on (host-server errors.ts).
 * A Pro refusal shows the same words as the app's own Pro prompt; the storage refusals show the
 * server's message, which says what is used and what to do, where the status alone would give a
 * generic one (413 is shown as is anyway; 507 would read "Server error").
 */
export const PLAN_ERROR_CODES = {
  proFeatureRequired: 'PRO_FEATURE_REQUIRED',
  storageLimitReached: 'STORAGE_LIMIT_REACHED',
  guestStorageFull: 'GUEST_STORAGE_FULL',
} as const;

export interface ErrorOutcome {
  /** Toast text, or null when the user is not told (a 401 without a stored session). */
  toast: string | null;
  /** The stored token must be dropped. */
  clearToken: boolean;
  /** Send the user to /login. */
  redirectToLogin: boolean;
}

export function mapApiError(status: number, serverMessage: string | undefined, hadToken: boolean, code?: string): ErrorOutcome {
  if (code === PLAN_ERROR_CODES.proFeatureRequired) return { toast: ERROR_MESSAGES.proFeature, clearToken: false, redirectToLogin: false };
  const message = serverMessage?.trim();
  if (message && (code === PLAN_ERROR_CODES.storageLimitReached || code === PLAN_ERROR_CODES.guestStorageFull)) {
    return { toast: message, clearToken: false, redirectToLogin: false };
  }
  if (status === 401) {
    return { toast: hadToken ? ERROR_MESSAGES.sessionExpired : null, clearToken: true, redirectToLogin: hadToken };
  }
  if (status === 403) return { toast: ERROR_MESSAGES.forbidden, clearToken: false, redirectToLogin: false };
  if (status === 429) return { toast: ERROR_MESSAGES.tooManyRequests, clearToken: false, redirectToLogin: false };
  if (status >= 500) return { toast: ERROR_MESSAGES.server, clearToken: false, redirectToLogin: false };
  return { toast: message ? message : ERROR_MESSAGES.fallback, clearToken: false, redirectToLogin: false };
}

/** An HTTP failure passed on to the caller; `notified` when the client already showed it to the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly notified: boolean;
  constructor(status: number, message: string, body: unknown, notified = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.notified = notified;
  }
}

/** Whether the user was already told about `error` (by the API client's toast). */
export function alreadyNotified(error: unknown): boolean {
  return error instanceof ApiError && error.notified;
}

/** The `code` of an error body, when the server sent one. */
export function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body) {
    const { code } = body as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return undefined;
}
