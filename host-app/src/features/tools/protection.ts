// What the Protect PDF form asks, as the SDK core's protectPdf options. Each permission the form shows
// covers the related core permissions (printing covers high-quality printing, and so on).
import type { PdfPermissions, ProtectPdfOptions } from '@marginalia/pdf-editor/core';

export const PERMISSION_CHOICES = [
  { id: 'print', label: 'Printing' },
  { id: 'copy', label: 'Copying text and images' },
  { id: 'modify', label: 'Changing the document' },
  { id: 'annotate', label: 'Adding comments and filling forms' },
] as const;

export type PermissionChoice = (typeof PERMISSION_CHOICES)[number]['id'];

export interface ProtectForm {
  userPassword: string;
  ownerPassword: string;
  allowed: ReadonlySet<PermissionChoice>;
}

export function protectOptions({ userPassword, ownerPassword, allowed }: ProtectForm): ProtectPdfOptions {
  const options: ProtectPdfOptions = { userPassword };
  if (ownerPassword !== '') options.ownerPassword = ownerPassword;
  if (PERMISSION_CHOICES.every(({ id }) => allowed.has(id))) return options;
  const permissions: PdfPermissions = {
    print: allowed.has('print'),
    printHighQuality: allowed.has('print'),
    copy: allowed.has('copy'),
    accessibility: true,
    modify: allowed.has('modify'),
    assemble: allowed.has('modify'),
    annotate: allowed.has('annotate'),
    fillForms: allowed.has('annotate'),
  };
  return { ...options, permissions };
}

/** Why the form cannot be sent yet, or null. */
export function protectFormProblem({ userPassword }: ProtectForm, confirmation: string): string | null {
  if (userPassword === '') return 'Choose a password to open the PDF.';
  if (confirmation !== userPassword) return 'The passwords do not match.';
  return null;
}
