// Opens PDF bytes with the engine (@libpdf/core), repairing damaged files the way readers do, and
// turns every engine failure into the core's typed errors: nothing untyped escapes to callers.
import { PDF, PdfDict, PdfRef } from '@libpdf/core';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError, PdfPasswordError } from '../errors';
import { decodeBrotliStreams, usesBrotli } from './brotli';
import { withPlainCatalog } from './catalogProbe';
import { keepCleartextMetadata } from './cleartextMetadata';
import { openWithLockedAttachments } from './lockedAttachments';
import { withObjectStreamPositionsFixed } from './objectStreamPositions';
import { recoverPages, untangleLoopingPageTree } from './pageRecovery';
import { openWithShortRc4Key, usesShortRc4Key } from './shortRc4Key';
import { hasPdfHeader, toBytes, type PdfSource } from './source';
import { ascii, latin1 } from './update';

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
   * The file's structure was broken (xref missing or wrong) and rebuilt by scanning its objects,
   * its pages were recovered from a broken page tree, or its Brotli streams were decoded (see
   * brotli.ts): an incremental save would point into bytes whose offsets are wrong or keep what
   * readers cannot read, so rewrite it instead.
   */
  repaired: boolean;
  /** The file is encrypted; saving it keeps the same handler and permissions. */
  encrypted: boolean;
  /**
   * Only the file's attachments are encrypted, with a password not given: the document is read
   * and saved as it is (incremental updates), but its protection cannot be changed.
   */
  lockedAttachments: boolean;
  /**
   * The bytes the engine read the document from, when they are the file as given and read without
   * repair, decoding or decryption: its cross-reference offsets point into them
   * (objectPreload.ts reads objects there). Undefined otherwise.
   */
  loadedFrom?: Uint8Array;
}

function describe(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'its page tree loops';
  return error instanceof Error ? error.message : String(error);
}

const STARTXREF = ascii('startxref');
const ENCRYPT = '/Encrypt';

/**
 * A copy of `bytes` whose `startxref` keywords no longer read as such, so the engine rebuilds the
 * file's structure by scanning its objects, as readers do when the cross-reference data leads
 * nowhere: the engine reads some files' xref chains (an incremental update over a linearized
 * original, a damaged trailer) but then finds no catalog or page tree through them. Encrypted files
 * are left as they are: a rebuilt trailer would lose their /Encrypt entry.
 */
function withoutCrossReferenceStart(bytes: Uint8Array): Uint8Array {
  if (latin1.decode(bytes).includes(ENCRYPT)) return bytes;
  // A real copy: the caller's bytes may be a Node Buffer, whose `.slice()` is a view of them.
  const copy = new Uint8Array(bytes);
  for (let at = copy.indexOf(STARTXREF[0] ?? 0); at >= 0; at = copy.indexOf(STARTXREF[0] ?? 0, at + 1)) {
    if (STARTXREF.every((byte, i) => copy[at + i] === byte)) copy[at] = 0x53; // 'S': no longer the keyword
  }
  return copy;
}

/**
 * Whether an encrypted file that the engine cannot load needs a password it was not given: asked
 * of its probe (see catalogProbe.ts), which loads whatever the password.
 */
async function needsPassword(bytes: Uint8Array, credentials: { credentials?: string }): Promise<boolean> {
  const probe = withPlainCatalog(bytes);
  if (!probe) return false;
  try {
    const pdf = await PDF.load(probe.bytes, credentials);
    return pdf.isEncrypted && !pdf.isAuthenticated;
  } catch {
    return false;
  }
}

/** The error for a file without a `%PDF-` header that does not read as one either. */
const notAPdf = (cause?: unknown) => new PdfInvalidError('The file is not a PDF (no %PDF- header found).', { cause });

const DAMAGED_ENCRYPTION =
  'This PDF is encrypted, but its encryption dictionary is damaged: its content cannot be decrypted, and saving it would leave it unreadable.';

/**
 * Whether the file's trailer has an /Encrypt entry: the one the engine read, or, when it rebuilt
 * the structure by scanning (its trailer then holds only /Root and /Size), any entry in the file
 * (a reference or a dictionary: text that merely mentions the word does not count).
 */
function namesEncryption(pdf: PDF, bytes: Uint8Array): boolean {
  if (pdf.context.info.trailer.has('Encrypt')) return true;
  return pdf.recoveredViaBruteForce && /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(latin1.decode(bytes));
}

/** The error for a file the engine failed to read with `error`. */
const unreadable = (error: unknown) =>
  new PdfInvalidError(`The PDF could not be read; it may be truncated or damaged (${describe(error)}).`, { cause: error });

/** Runs an engine call, turning whatever it throws into `PdfInvalidError`. */
export function readingEngine<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw unreadable(error);
  }
}

/** The error for a password that is needed: `missing` when none was given, else `wrong`. */
export function passwordError(password: string | undefined): PdfPasswordError {
  return new PdfPasswordError(password === undefined || password === '' ? 'missing' : 'wrong');
}

/**
 * The engine's document of `bytes`, read by the first way that works: as it is; through its probe
 * when its RC4 key is short (shortRc4Key.ts); rebuilt from its objects when its cross-reference
 * data leads to no page or nowhere. `throughProbe`: read with catalogProbe.ts's update appended;
 * `asGiven`: read from `bytes` themselves.
 */
async function load(bytes: Uint8Array, credentials: { credentials?: string }, password: string | undefined): Promise<{ pdf: PDF; throughProbe: boolean; asGiven?: boolean }> {
  try {
    const pdf = await PDF.load(bytes, credentials);
    if (usesShortRc4Key(pdf)) {
      const reopened = await openWithShortRc4Key(bytes, credentials);
      if (reopened) return { pdf: reopened, throughProbe: true };
    }
    // A page tree that leads to no page through the cross-reference data, while the objects say
    // otherwise: the xref corrected by an appended update (objectStreamPositions.ts), else the
    // file rebuilt by scanning its objects.
    if (readingEngine(() => pdf.getPageCount()) === 0) {
      const corrected = readingEngine(() => withObjectStreamPositionsFixed(bytes, pdf));
      const fixed = corrected && (await PDF.load(corrected, credentials).catch(() => undefined));
      if (fixed && fixed.getPageCount() > 0) return { pdf: fixed, throughProbe: false };
      const rebuilt = await PDF.load(withoutCrossReferenceStart(bytes), credentials).catch(() => undefined);
      if (rebuilt && rebuilt.getPageCount() > 0) return { pdf: rebuilt, throughProbe: false };
    }
    return { pdf, throughProbe: false, asGiven: true };
  } catch (error) {
    const rebuilt = await PDF.load(withoutCrossReferenceStart(bytes), credentials).catch(() => undefined);
    if (rebuilt) return { pdf: rebuilt, throughProbe: false };
    if (await needsPassword(bytes, credentials)) throw passwordError(password);
    const probed = await openWithShortRc4Key(bytes, credentials);
    if (probed) return { pdf: probed, throughProbe: true };
    throw unreadable(error);
  }
}

/** The file's last `/Info` reference (its latest trailer, or cross-reference stream dictionary). */
function lastInfoReference(bytes: Uint8Array): PdfRef | undefined {
  const last = [...latin1.decode(bytes).matchAll(/\/Info\s*(\d+)\s+(\d+)\s+R/g)].at(-1);
  return last ? PdfRef.of(Number(last[1]), Number(last[2])) : undefined;
}

/**
 * A document the engine rebuilt by scanning its objects (a damaged file, or a copy: Brotli decoded,
 * cross-reference start blanked). The scan keeps only /Root and /Size of the trailer, so the file's
 * /Info is carried over; and the engine hands its bytes back on a save without changes, which
 * would be the damaged file or the copy: marked changed, every save writes the document out.
 */
function keepRebuiltDocument(pdf: PDF, bytes: Uint8Array): void {
  const trailer = pdf.context.info.trailer;
  const info = lastInfoReference(bytes);
  if (info && !trailer.has('Info') && pdf.getObject(info) instanceof PdfDict) trailer.set('Info', info);
  pdf.getCatalog().dirty = true;
}

/**
 * Opens (repairing when needed) a PDF with @libpdf/core. Throws `PdfInvalidError` for bytes that are
 * not a PDF or cannot be recovered, `PdfPasswordError` when a needed password is missing or wrong,
 * and `PdfEmptyError` for a document with no page (unless `allowEmpty`).
 */
export async function openPdf(source: PdfSource, options: OpenPdfOptions = {}): Promise<OpenedPdf> {
  const bytes = toBytes(source);
  if (bytes.length === 0) throw new PdfInvalidError('The file is empty, not a PDF.');
  // Readers look for the header in the first 1024 bytes but, as pdf.js, read a file without one
  // when its objects parse: so does the engine. Such a file is rewritten with a header of its own.
  const headerless = !hasPdfHeader(bytes);
  const credentials = options.password === undefined ? {} : { credentials: options.password };
  // Brotli-compressed streams are decoded before the engine reads the file (see brotli.ts).
  const brotli = usesBrotli(bytes) ? await decodeBrotliStreams(bytes) : undefined;
  const loaded = await load(brotli ?? bytes, credentials, options.password).catch((error: unknown) => {
    throw headerless && error instanceof PdfInvalidError ? notAPdf(error) : error;
  });
  let { pdf } = loaded;
  // The engine tries the empty user password by itself, so only files that really need one land here.
  let lockedAttachments = false;
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    const unlocked = await openWithLockedAttachments(bytes);
    if (!unlocked) throw passwordError(options.password);
    pdf = unlocked;
    lockedAttachments = true;
  }
  // The trailer names an encryption the engine could not read (a damaged /Encrypt dictionary, or
  // a structure rebuilt without the trailer): its streams are still encrypted, and a save would
  // drop /Encrypt and leave them unreadable to everyone.
  if (!pdf.isEncrypted && !lockedAttachments && namesEncryption(pdf, bytes)) throw new PdfEncryptedError(DAMAGED_ENCRYPTION);
  keepCleartextMetadata(pdf);
  // Opened through a probe appended to the file (shortRc4Key.ts): only a rewrite leaves it out.
  let repaired = pdf.recoveredViaBruteForce || loaded.throughProbe || headerless || brotli !== undefined;
  if (pdf.recoveredViaBruteForce || brotli) keepRebuiltDocument(pdf, bytes);
  if (readingEngine(() => pdf.getPageCount()) === 0 && readingEngine(() => recoverPages(pdf, bytes)) > 0) repaired = true;
  if (readingEngine(() => untangleLoopingPageTree(pdf))) repaired = true;
  if (!options.allowEmpty && pdf.getPageCount() === 0) throw headerless ? notAPdf() : new PdfEmptyError();
  const encrypted = pdf.isEncrypted || lockedAttachments;
  const asGiven = loaded.asGiven === true && !repaired && !encrypted;
  return { pdf, repaired, encrypted, lockedAttachments, ...(asGiven ? { loadedFrom: bytes } : {}) };
}
