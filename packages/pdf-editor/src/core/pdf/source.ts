// The bytes a core function takes, and the first check every reader makes on them.
import { PdfInvalidError } from '../errors';

/**
 * A whole PDF file's bytes, e.g. from `fs.readFile` or `await blob.arrayBuffer()`. The core's
 * functions return new bytes rather than changing these; anything else passed (a Blob, a string)
 * is refused with `PdfInvalidError`.
 */
export type PdfSource = Uint8Array | ArrayBuffer;

export function toBytes(source: PdfSource): Uint8Array {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  throw new PdfInvalidError('Expected the PDF as a Uint8Array or ArrayBuffer.');
}

const PDF_HEADER = '%PDF-';

export function hasPdfHeader(bytes: Uint8Array): boolean {
  // The header may be preceded by junk; readers accept it within the first 1024 bytes.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes(PDF_HEADER);
}
