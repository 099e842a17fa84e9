// Loads PDF bytes with pdf-lib and turns its failures into the core's typed errors, so callers
// never write a corrupt file from an encrypted or broken source.
import { PDFDocument } from 'pdf-lib';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError } from '../errors';

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

function hasPdfHeader(bytes: Uint8Array): boolean {
  // The header may be preceded by junk; readers accept it within the first 1024 bytes.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes(PDF_HEADER);
}

export interface LoadPdfOptions {
  /** Allow a document without pages (page operations that build new documents). Default false. */
  allowEmpty?: boolean;
}

/**
 * Opens a PDF for modification. Throws `PdfInvalidError` for bytes that are not a readable PDF,
 * `PdfEncryptedError` for password-protected files and `PdfEmptyError` for documents with no page.
 */
export async function loadPdf(source: PdfSource, options: LoadPdfOptions = {}): Promise<PDFDocument> {
  const bytes = toBytes(source);
  if (bytes.length === 0) throw new PdfInvalidError('The file is empty, not a PDF.');
  if (!hasPdfHeader(bytes)) throw new PdfInvalidError('The file is not a PDF (no %PDF- header found).');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // pdf-lib's errors are ES5-style subclasses, so `instanceof EncryptedPDFError` does not hold.
    if (/is encrypted/.test(detail)) throw new PdfEncryptedError();
    throw new PdfInvalidError(`The PDF could not be read; it may be truncated or damaged (${detail}).`, {
      cause: error,
    });
  }
  if (doc.isEncrypted) throw new PdfEncryptedError();
  if (!options.allowEmpty && doc.getPageCount() === 0) throw new PdfEmptyError();
  return doc;
}
