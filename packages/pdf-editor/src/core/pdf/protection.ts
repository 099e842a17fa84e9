// "Protect PDF": adds a password and permissions to a PDF (AES-256), or takes them off. The
// encryption is the engine's; the whole file is written anew, since a file's encryption cannot
// change in an incremental update.
import { PermissionDeniedError } from '@libpdf/core';
import { InvalidInputError, PdfEncryptedError } from '../errors';
import { checkBytes, checkObject, checkOptional, invalid } from '../input';
import { openPdf, passwordError } from './openPdf';
import type { PdfSource } from './source';

/** What a reader lets someone do who opened the file with the user password. Omitted = allowed. */
export interface PdfPermissions {
  /** Print (at low resolution unless `printHighQuality` too). */
  print?: boolean;
  /** Print at full resolution. */
  printHighQuality?: boolean;
  /** Change the document's content. */
  modify?: boolean;
  /** Copy text and images out of it. */
  copy?: boolean;
  /** Add or change annotations and fill forms. */
  annotate?: boolean;
  /** Fill form fields, even when `annotate` is not allowed. */
  fillForms?: boolean;
  /** Extract text for accessibility tools. */
  accessibility?: boolean;
  /** Insert, delete and rotate pages. */
  assemble?: boolean;
}

const PERMISSIONS: ReadonlyArray<keyof PdfPermissions> = [
  'print',
  'printHighQuality',
  'modify',
  'copy',
  'annotate',
  'fillForms',
  'accessibility',
  'assemble',
];

/** The options of protectPdf; an unknown permission is refused rather than silently granted. */
function checkProtectOptions(value: unknown): void {
  const { userPassword, ownerPassword, password, permissions } = checkObject(value, 'options');
  checkOptional(userPassword, 'options.userPassword', 'string');
  checkOptional(ownerPassword, 'options.ownerPassword', 'string');
  checkOptional(password, 'options.password', 'string');
  if (permissions === undefined) return;
  for (const [name, allowed] of Object.entries(checkObject(permissions, 'options.permissions'))) {
    const field = `options.permissions.${name}`;
    if (!(PERMISSIONS as readonly string[]).includes(name)) {
      throw new InvalidInputError(field, `unknown permission; expected one of ${PERMISSIONS.join(', ')}`);
    }
    checkOptional(allowed, field, 'boolean');
  }
}

/** How `protectPdf` protects a file. */
export interface ProtectPdfOptions {
  /** Needed to open the file. Empty or omitted: anyone opens it, under `permissions`. */
  userPassword?: string;
  /** Grants every permission and lets the protection be changed. Omitted: a random one nobody knows. */
  ownerPassword?: string;
  /** What users who opened the file with the user password may do. */
  permissions?: PdfPermissions;
  /** The current password, when the file is already protected with one. */
  password?: string;
}

/** Runs an engine change that needs owner rights, as a typed error when they are missing. */
function withOwnerRights(change: () => void): void {
  try {
    change();
  } catch (error) {
    if (error instanceof PermissionDeniedError) {
      throw new PdfEncryptedError("Changing this PDF's protection needs its owner password (or a user password that allows changes).");
    }
    throw error;
  }
}

/**
 * Encrypts the PDF with AES-256 so that it opens only with `userPassword` (when given) and
 * allows only `permissions` to those who open it that way; returns the new file.
 *
 * @throws InvalidInputError when `source` is not bytes, a password is not a string or a
 * permission is unknown or not a boolean (its `field` names it, e.g. `options.permissions.edit`).
 * @throws PdfInvalidError when `source` is not a readable PDF.
 * @throws PdfPasswordError when `source` is protected and `options.password` is missing or wrong.
 * @throws PdfEncryptedError when `source` is protected and the password given does not allow changing that.
 *
 * @example
 * const locked = await protectPdf(bytes, { userPassword: 'open sesame', ownerPassword: 'admin', permissions: { copy: false } });
 */
export async function protectPdf(source: PdfSource, options: ProtectPdfOptions): Promise<Uint8Array> {
  checkBytes(source, 'source');
  checkProtectOptions(options);
  const { pdf, lockedAttachments } = await openPdf(source, { password: options.password });
  // Its attachments' password protects the file: only that password changes its protection.
  if (lockedAttachments) throw passwordError(options.password);
  withOwnerRights(() =>
    pdf.setProtection({
      algorithm: 'AES-256',
      userPassword: options.userPassword ?? '',
      ownerPassword: options.ownerPassword,
      permissions: options.permissions,
    }),
  );
  return pdf.save();
}

/**
 * Removes the password and permissions from the PDF: the file returned opens and allows
 * everything without a password. `password` is the file's owner password, or its user password
 * when that allows changes.
 *
 * @throws InvalidInputError when `source` is not bytes or `password` is not a string.
 * @throws PdfInvalidError when `source` is not a readable PDF.
 * @throws PdfPasswordError when `password` is wrong (or missing for a file that needs one to open, or
 * whose attachments are encrypted with it).
 * @throws PdfEncryptedError when `password` opens the file but does not allow removing its protection.
 *
 * @example
 * const open = await unprotectPdf(locked, 'admin');
 */
export async function unprotectPdf(source: PdfSource, password: string): Promise<Uint8Array> {
  checkBytes(source, 'source');
  if (typeof password !== 'string') invalid('password', 'a string', password);
  const { pdf, encrypted, lockedAttachments } = await openPdf(source, { password });
  if (lockedAttachments) throw passwordError(password);
  // Nothing to remove: the file comes back as it was.
  if (!encrypted) return pdf.save({ incremental: true });
  withOwnerRights(() => pdf.removeProtection());
  return pdf.save();
}
