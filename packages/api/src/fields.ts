// The account fields' rules with the spec's messages (section 5): one definition for the server,
// which refuses a request by them, and the app's forms, which show the same messages before sending.

import * as z from 'zod';

// "A standard email pattern": something@something.tld, no spaces. One pattern for both sides: a
// stricter one in the app would refuse addresses the server (and the provider's sign-in) accepts.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;


/** Trimmed and lower-cased: addresses are compared without case. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .regex(EMAIL_PATTERN, 'Invalid email address')
  .transform((email) => email.toLowerCase());

/** A password typed to sign in: any the account may have, within the length a hash is made of. */
export const currentPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(256, 'Password must be at most 256 characters');

/** What signing in checks before asking the server: no account's password is shorter than 8. */
export const signInPasswordField = currentPasswordField.pipe(z.string().min(8, 'Password must be at least 8 characters'));

/** A password being chosen must also mix case and digits. */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters')
  .refine(
    (password) => /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password),
    'Password must contain uppercase, lowercase, and number',
  );

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters')
  .regex(NO_CONTROL_CHARACTERS, 'Name must not contain control characters');

/** The account's current password, asked before a change of e-mail or password. */
export const confirmingPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(256, 'Password must be at most 256 characters');

/** A one-time token from a link the server mailed (reset, verification). */
export const linkTokenField = z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Invalid token');
