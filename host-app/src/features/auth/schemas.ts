// Sign-in, sign-up, password and account-settings forms, built from the account fields the server
// checks requests with (@marginalia/api), so a form refuses exactly what the server would, with the
// spec's messages (section 5); only what a form alone has (a repeated password, the terms) is here.
import { confirmingPasswordField, emailField, nameField, newPasswordField, signInPasswordField } from '@marginalia/api';
import * as z from 'zod';

/** A password being chosen, typed twice. */
const newPassword = {
  password: newPasswordField,
  confirmPassword: z.string().min(1, 'Please confirm your password'),
};

// The mismatch is reported on the confirmation field, under which the form shows it.
const passwordsMatch = (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword;
const PASSWORD_MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const loginSchema = z.object({
  email: emailField,
  password: signInPasswordField,
  remember: z.boolean().optional(),
});
export type LoginValues = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    ...newPassword,
    terms: z.boolean().refine((value) => value, 'You must accept the Terms of Service and Privacy Policy'),
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type RegisterValues = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object(newPassword).refine(passwordsMatch, PASSWORD_MISMATCH);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const profileNameSchema = z.object({ name: nameField });
export type ProfileNameValues = z.input<typeof profileNameSchema>;

/** The password the account has now is asked before its email changes. */
export const changeEmailSchema = z.object({ email: emailField, currentPassword: confirmingPasswordField });
export type ChangeEmailValues = z.input<typeof changeEmailSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: confirmingPasswordField, ...newPassword })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
