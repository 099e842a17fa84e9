// Maps a failed API response to what the user is told (spec section 8). Pure, so the table is testable.
export const ERROR_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  forbidden: 'You do not have permission to perform this action.',
  tooManyRequests: 'Too many requests. Please try again later.',
  server: 'Server error. Please try again later.',
  fallback: 'An error occurred',
} as const;

export interface ErrorOutcome {
  /** Toast text, or null when the user is not told (a 401 without a stored session). */
  toast: string | null;
  /** The stored token must be dropped. */
  clearToken: boolean;
  /** Send the user to /login. */
  redirectToLogin: boolean;
}

export function mapApiError(status: number, serverMessage: string | undefined, hadToken: boolean): ErrorOutcome {
  if (status === 401) {
    return { toast: hadToken ? ERROR_MESSAGES.sessionExpired : null, clearToken: true, redirectToLogin: hadToken };
  }
  if (status === 403) return { toast: ERROR_MESSAGES.forbidden, clearToken: false, redirectToLogin: false };
  if (status === 429) return { toast: ERROR_MESSAGES.tooManyRequests, clearToken: false, redirectToLogin: false };
  if (status >= 500) return { toast: ERROR_MESSAGES.server, clearToken: false, redirectToLogin: false };
  const message = serverMessage?.trim();
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

export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return undefined;
}
