// The bodies the auth and account routes accept. The server parses requests with them; the app's
// forms are built from the same fields (with what only a form has, such as a repeated password).
import * as z from 'zod';
import { confirmingPasswordField, emailField, linkTokenField, nameField, newPasswordField, signInPasswordField } from './fields';

export const registerRequest = z.object({ name: nameField, email: emailField, password: newPasswordField });
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
export const memberRoleField = z.enum(['editor', 'viewer'], { error: 'Role must be editor or viewer' });
export type MemberRole = z.output<typeof memberRoleField>;

export const addMemberRequest = z.object({ email: emailField, role: memberRoleField });
export type AddMemberRequest = z.input<typeof addMemberRequest>;

export const changeMemberRequest = z.object({ role: memberRoleField });
export type ChangeMemberRequest = z.input<typeof changeMemberRequest>;
