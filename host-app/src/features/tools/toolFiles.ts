// Files chosen for a tool: the spec's size rules per file (guests 10 MB as on the landing page,
// signed-in users 100 MB as on the documents upload), the bytes, and the page count read with pdf.js.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { DOCUMENTS_MAX_BYTES, LANDING_MAX_BYTES, UPLOAD_MESSAGES } from '../documents/uploadRules';
import { UNREADABLE_PDF } from '../editor/naming';
import { pdfjsReady } from '../editor/pdfjsWorker';
import { fileToBytes } from '../guest/dataUrl';

/** A PDF a tool works on. */
export interface ToolFile {
  /** Unique within the page: keys lists and thumbnails. */
  id: string;
  name: string;
  bytes: Uint8Array;
  pageCount: number;
  /** The editor's annotations of a document from My Documents; they follow their pages. */
  annotations: Annotation[];
}

export function maxFileBytes(isAuthenticated: boolean): number {
  return isAuthenticated ? DOCUMENTS_MAX_BYTES : LANDING_MAX_BYTES;
}

export function tooLargeMessage(isAuthenticated: boolean): string {
  return isAuthenticated ? UPLOAD_MESSAGES.documentsTooLarge : UPLOAD_MESSAGES.landingTooLarge;
}

export function passwordProtectedMessage(fileName: string): string {
  return `${fileName} is protected with a password. Remove the password with Protect PDF first.`;
}

/** A typed refusal of a chosen file, with the message the user sees. */
export class ToolFileError extends Error {
  override name = 'ToolFileError';
}

let nextId = 0;

/** Reads a chosen file and counts its pages; refuses what pdf.js cannot open without a password. */
export async function readToolFile(
  file: File,
  options: { allowPassword?: boolean; annotations?: Annotation[] } = {},
): Promise<ToolFile> {
  const bytes = await fileToBytes(file);
  nextId += 1;
  const id = `file-${nextId}`;
  const annotations = options.annotations ?? [];
  if (options.allowPassword) return { id, name: file.name, bytes, pageCount: 0, annotations };
  return { id, name: file.name, bytes, pageCount: await countPages(file.name, bytes), annotations };
}

export async function countPages(name: string, bytes: Uint8Array): Promise<number> {
  const { getDocument } = await pdfjsReady;
  const task = getDocument({ data: bytes.slice() });
  try {
    const pdf = await task.promise;
    if (pdf.numPages === 0) throw new ToolFileError(`${name}: ${UNREADABLE_PDF}`);
    return pdf.numPages;
  } catch (error) {
    if (error instanceof ToolFileError) throw error;
    if (error instanceof Error && error.name === 'PasswordException')
      throw new ToolFileError(passwordProtectedMessage(name));
    throw new ToolFileError(`${name}: ${UNREADABLE_PDF}`);
  } finally {
    await task.destroy();
  }
}
