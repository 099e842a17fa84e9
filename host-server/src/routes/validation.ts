// Request schemas shared by the auth routes, with the spec's messages (section 5), so the server
// refuses exactly what the sign-in and sign-up forms refuse.
import { z } from 'zod';

// "A standard email pattern": something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .regex(EMAIL_PATTERN, 'Invalid email address')
  .transform((email) => email.toLowerCase());

export const currentPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(256, 'Password must be at most 256 characters');

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

export const registerSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });

export const loginSchema = z.object({
  email: emailField,
  password: currentPasswordField.pipe(z.string().min(8, 'Password must be at least 8 characters')),
});

export const profileSchema = z
  .object({ name: nameField.optional(), email: emailField.optional() })
  .refine((profile) => profile.name !== undefined || profile.email !== undefined, 'Give a name or an email to change');

export const changePasswordSchema = z.object({
  oldPassword: currentPasswordField,
  newPassword: newPasswordField,
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Invalid token'),
  newPassword: newPasswordField,
});

/** A route parameter that should be one of our UUIDs; anything else cannot name a row. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
