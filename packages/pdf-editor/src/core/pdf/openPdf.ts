// Opens PDF bytes with the engine (@libpdf/core), repairing damaged files the way readers do, and
// turns every engine failure into the core's typed errors: nothing untyped escapes to callers.
import { PDF } from '@libpdf/core';
import { PdfEmptyError, PdfInvalidError, PdfPasswordError } from '../errors';
import { hasPdfHeader, toBytes, type PdfSource } from './source';

export interface OpenPdfOptions {
  /** The user (or owner) password of an encrypted file. Files with an empty user password need none. */
  password?: string;
  /** Allow a document without pages (page operations that build new documents). Default false. */
  allowEmpty?: boolean;
}

export interface OpenedPdf {
  /** The engine's document, ready to read and change. */
  pdf: PDF;
  /**
   * The file's structure was broken (xref missing or wrong) and rebuilt by scanning its objects:
   * an incremental save would point into bytes whose offsets are wrong, so rewrite it instead.
   */
  repaired: boolean;
  /** The file is encrypted; saving it keeps the same handler and permissions. */
  encrypted: boolean;
}

function describe(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'its page tree loops';
  return error instanceof Error ? error.message : String(error);
}

const STARTXREF = new TextEncoder().encode('startxref');
const ENCRYPT = '/Encrypt';

/**
 * A copy of `bytes` whose `startxref` keywords no longer read as such, so the engine rebuilds the
 * file's structure by scanning its objects, as readers do when the cross-reference data leads
 * nowhere: the engine reads some files' xref chains (an incremental update over a linearized
 * original, a damaged trailer) but then finds no catalog or page tree through them. Encrypted files
 * are left as they are: a rebuilt trailer would lose their /Encrypt entry.
 */
function withoutCrossReferenceStart(bytes: Uint8Array): Uint8Array {
  if (new TextDecoder('latin1').decode(bytes).includes(ENCRYPT)) return bytes;
  const copy = bytes.slice();
  for (let at = copy.indexOf(STARTXREF[0] ?? 0); at >= 0; at = copy.indexOf(STARTXREF[0] ?? 0, at + 1)) {
    if (STARTXREF.every((byte, i) => copy[at + i] === byte)) copy[at] = 0x53; // 'S': no longer the keyword
  }
  return copy;
}

/** The last `startxref` offset of the file, where its newest trailer (or xref stream) starts. */
function lastCrossReferenceOffset(text: string): number | undefined {
  const at = text.lastIndexOf('startxref');
  const match = at < 0 ? null : /^startxref\s+(\d+)/.exec(text.slice(at, at + 40));
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether an encrypted file that the engine cannot load needs a password it was not given. The
 * engine reads the trailer and checks the password before it walks the page tree, but it throws
 * from the page tree ("Root Pages object is not a dictionary": the catalog sits in an encrypted
 * object stream) without saying whether the password was right. So it is asked again about a
 * copy of the file with an update appended whose catalog and empty page tree are plain objects
 * and whose trailer repeats the newest trailer's /Encrypt and /ID: that copy loads whatever the
 * password, and says whether the password opened it.
 */
async function needsPassword(bytes: Uint8Array, credentials: { credentials?: string }): Promise<boolean> {
  const text = new TextDecoder('latin1').decode(bytes);
  const xrefAt = lastCrossReferenceOffset(text);
  if (xrefAt === undefined) return false;
  const trailerEnd = text.slice(xrefAt).search(/stream|startxref/);
  const trailer = text.slice(xrefAt, trailerEnd < 0 ? undefined : xrefAt + trailerEnd);
  const encrypt = /\/Encrypt\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailer)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  if (!encrypt || !id || !Number.isInteger(size)) return false;
  const catalogAt = bytes.length + 1;
  const catalog = `${size} 0 obj\n<< /Type /Catalog /Pages ${size + 1} 0 R >>\nendobj\n`;
  const pagesAt = catalogAt + catalog.length;
  const pages = `${size + 1} 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n`;
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const update =
    `\n${catalog}${pages}xref\n${size} 2\n${entry(catalogAt)}${entry(pagesAt)}trailer\n` +
    `<< /Size ${size + 2} /Root ${size} 0 R /Encrypt ${encrypt} /ID ${id} /Prev ${xrefAt} >>\n` +
    `startxref\n${pagesAt + pages.length}\n%%EOF\n`;
  const probe = new Uint8Array(bytes.length + update.length);
  probe.set(bytes);
  for (let i = 0; i < update.length; i++) probe[bytes.length + i] = update.charCodeAt(i);
  try {
    const pdf = await PDF.load(probe, credentials);
    return pdf.isEncrypted && !pdf.isAuthenticated;
  } catch {
    return false;
  }
}

/** Runs an engine call, turning whatever it throws into `PdfInvalidError`. */
export function readingEngine<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new PdfInvalidError(`The PDF could not be read; it may be truncated or damaged (${describe(error)}).`, {
      cause: error,
    });
  }
}

function passwordError(password: string | undefined): PdfPasswordError {
  return new PdfPasswordError(password === undefined || password === '' ? 'missing' : 'wrong');
}

/**
 * Opens (repairing when needed) a PDF with @libpdf/core. Throws `PdfInvalidError` for bytes that are
 * not a PDF or cannot be recovered, `PdfPasswordError` when a needed password is missing or wrong,
 * and `PdfEmptyError` for a document with no page (unless `allowEmpty`).
 */
export async function openPdf(source: PdfSource, options: OpenPdfOptions = {}): Promise<OpenedPdf> {
  const bytes = toBytes(source);
  if (bytes.length === 0) throw new PdfInvalidError('The file is empty, not a PDF.');
  if (!hasPdfHeader(bytes)) throw new PdfInvalidError('The file is not a PDF (no %PDF- header found).');
  const credentials = options.password === undefined ? {} : { credentials: options.password };
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes, credentials);
  } catch (error) {
    const loaded = await PDF.load(withoutCrossReferenceStart(bytes), credentials).catch(() => undefined);
    if (!loaded && (await needsPassword(bytes, credentials))) throw passwordError(options.password);
    if (!loaded) {
      throw new PdfInvalidError(`The PDF could not be read; it may be truncated or damaged (${describe(error)}).`, {
        cause: error,
      });
    }
    pdf = loaded;
  }
  // The engine tries the empty user password by itself, so only files that really need one land here.
  if (pdf.isEncrypted && !pdf.isAuthenticated) throw passwordError(options.password);
  const pageCount = readingEngine(() => pdf.getPageCount());
  if (!options.allowEmpty && pageCount === 0) throw new PdfEmptyError();
  return { pdf, repaired: pdf.recoveredViaBruteForce, encrypted: pdf.isEncrypted };
}
