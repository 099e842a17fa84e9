import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, signInErrorMessage } from './signInErrors';

describe('social sign-in errors', () => {
  it('must explain why an unverified address was not linked', () => {
    expect(signInErrorMessage('account_email_unverified')).toMatch(
      /not verified, so Google sign-in cannot be linked/,
    );
    expect(signInErrorMessage('email_not_verified')).toMatch(/Google has not verified this email address/);
  });

  it("must keep the spec's message for any other code", () => {
    expect(signInErrorMessage('sign_in_failed')).toBe(SIGN_IN_FAILED);
    expect(signInErrorMessage('toString')).toBe('Authentication failed. Please try again.');
  });
});
