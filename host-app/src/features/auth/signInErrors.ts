// What the social sign-in return page says for the server's `?error=` codes (docs/rest-api.md).
// Codes the user can act on get their own message; any other is the spec's (section 8).
export const SIGN_IN_FAILED = 'Authentication failed. Please try again.';

const SIGN_IN_ERRORS: Record<string, string> = {
  email_not_verified: 'Google has not verified this email address, so it cannot be used to sign in.',
  too_many_attempts: 'Too many sign-in attempts. Please try again later.',
};

export function signInErrorMessage(code: string): string {
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? (SIGN_IN_ERRORS[code] as string) : SIGN_IN_FAILED;
}
