// Locates the shared corpus of real PDFs (../shared/pdfs beside the repository) for tests.
// Tests skip, rather than fail, only when the folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export const SHARED_PDFS = process.env.MARGINALIA_SHARED_PDFS ?? join(repositoryRoot, '..', 'shared', 'pdfs');
export const hasSharedPdfs = existsSync(SHARED_PDFS);

export function sharedPdfPath(name: string): string {
  return join(SHARED_PDFS, name);
}

export function readSharedPdf(name: string): Uint8Array {
  return new Uint8Array(readFileSync(sharedPdfPath(name)));
}

/** PDFs pdf-lib opens and that have pages: the ones export and import must handle. */
export const EDITABLE_PDFS = [
  'tracemonkey.pdf',
  'tracemonkey_with_editable_annotations.pdf',
  'sizes.pdf',
  'habibi-rotated.pdf',
  'issue14438.pdf',
  'prefilled_f1040.pdf',
  'issue19360.pdf',
  'issue19971.pdf',
  'issue12963.pdf',
  'freeculture.pdf',
  'xref_command_missing.pdf',
  'bug1997343.pdf',
] as const;

export const ENCRYPTED_PDFS = ['libreoffice-writer-password.pdf', 'empty_protected.pdf'] as const;
export const BROKEN_PDFS = ['bad.pdf', 'bug1020226.pdf', 'bug1250079.pdf'] as const;
