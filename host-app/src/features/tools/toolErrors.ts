// The user's words for what the SDK core refuses while a tool runs.
import {
  PageRangeError,
  PdfEncryptedError,
  PdfInvalidError,
  PdfPasswordError,
} from '@marginalia/pdf-editor/core';
import { UNREADABLE_PDF } from '../editor/naming';

export const WRONG_PASSWORD = 'That password does not open this PDF.';
export const NEEDS_OWNER_PASSWORD =
  'This password opens the PDF but does not allow changing its protection. Use the owner password.';

export function toolErrorMessage(error: unknown): string {
  if (error instanceof PdfPasswordError) return WRONG_PASSWORD;
  if (error instanceof PdfEncryptedError) return NEEDS_OWNER_PASSWORD;
  if (error instanceof PdfInvalidError) return UNREADABLE_PDF;
  if (error instanceof PageRangeError) return error.message;
  console.error('A PDF tool failed', error);
  return 'Failed to process file. Please try again.';
}
