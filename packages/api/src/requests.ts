// The bodies the auth and account routes accept. The server parses requests with them; the app's
// forms are built from the same fields (with what only a form has, such as a repeated password).
import * as z from 'zod';
import { confirmingPasswordField, emailField, linkTokenField, nameField, newPasswordField, signInPasswordField } from './fields';

/**
 * `invite`: the token of a collaboration invitation mailed to `email`. Registering that address with
 * it proves the address as its verification link would, so the invitation becomes access at once.
 */
export const registerRequest = z.object({ name: nameField, email: emailField, password: newPasswordField, invite: linkTokenField.optional() });
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({ email: emailField, password: signInPasswordField });
export type LoginRequest = z.input<typeof loginRequest>;

export const profileRequest = z
  .object({ name: nameField.optional(), email: emailField.optional(), currentPassword: confirmingPasswordField.optional() })
  .refine((profile) => profile.name !== undefined || profile.email !== undefined, 'Give a name or an email to change');
export type ProfileRequest = z.input<typeof profileRequest>;

export const changePasswordRequest = z.object({ oldPassword: confirmingPasswordField, newPassword: newPasswordField });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const verifyEmailRequest = z.object({ token: linkTokenField });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

export const resetPasswordRequest = z.object({ token: linkTokenField, newPassword: newPasswordField });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** What a collaborator may do with a document: editors change its annotations with the owner, viewers read along. */
export const collaboratorRoleField = z.enum(['editor', 'viewer'], { error: 'Role must be editor or viewer' });
export type CollaboratorRole = z.output<typeof collaboratorRoleField>;

export const inviteCollaboratorRequest = z.object({ email: emailField, role: collaboratorRoleField });
export type InviteCollaboratorRequest = z.input<typeof inviteCollaboratorRequest>;

export const changeCollaboratorRequest = z.object({ role: collaboratorRoleField });
export type ChangeCollaboratorRequest = z.input<typeof changeCollaboratorRequest>;

/**
 * The values a user gave a PDF's form fields, saved with the annotations: by full field name, a
 * text, whether a check box is checked, a list box's options, or null (no radio button chosen).
 */
export const formValuesField = z.record(
  z.string().min(1).max(1000),
  z.union([z.string().max(100_000), z.boolean(), z.array(z.string().max(100_000)).max(10_000), z.null()]),
  { error: 'Form values must map field names to texts, true or false, lists of texts or null' },
);
export type FormValuesInput = z.output<typeof formValuesField>;
