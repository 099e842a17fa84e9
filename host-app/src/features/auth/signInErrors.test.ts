import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, signInErrorMessage } from './signInErrors';

describe('social sign-in errors', () => {
  it('must explain an unverified address and too many attempts', () => {
    expect(signInErrorMessage('email_not_verified')).toMatch(/Google has not verified this email address/);
    expect(signInErrorMessage('too_many_attempts')).toBe('Too many sign-in attempts. Please try again later.');
  });

  it("must keep the spec's message for any other code", () => {
    expect(signInErrorMessage('sign_in_failed')).toBe(SIGN_IN_FAILED);
    expect(signInErrorMessage('toString')).toBe('Authentication failed. Please try again.');
  });
});
