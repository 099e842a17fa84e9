// Sign-in, sign-up, password and account-settings rules with the spec's exact messages (section 5).
import { z } from 'zod';

const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

const email = z.string().min(1, 'Email is required').regex(EMAIL_PATTERN, 'Invalid email address');

const name = z.string().trim().min(1, 'Name is required').min(2, 'Name must be at least 2 characters');

const password = z.string().min(1, 'Password is required').min(8, 'Password must be at least 8 characters');

/** A password being chosen, as opposed to one being typed to sign in, must also mix case and digits. */
const newPassword = {
  password: password.regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, 'Password must contain uppercase, lowercase, and number'),
  confirmPassword: z.string().min(1, 'Please confirm your password'),
};

// The mismatch is reported on the confirmation field, under which the form shows it.
const passwordsMatch = (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword;
const PASSWORD_MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const loginSchema = z.object({
  email,
  password,
  remember: z.boolean().optional(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name,
    email,
    ...newPassword,
    terms: z.boolean().refine((value) => value, 'You must accept the Terms of Service and Privacy Policy'),
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object(newPassword).refine(passwordsMatch, PASSWORD_MISMATCH);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** The password the account has now, asked before its email or password changes. */
const currentPassword = z.string().min(1, 'Current password is required');

export const profileNameSchema = z.object({ name });
export type ProfileNameValues = z.infer<typeof profileNameSchema>;

export const changeEmailSchema = z.object({ email, currentPassword });
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

export const changePasswordSchema = z
  .object({ currentPassword, ...newPassword })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
