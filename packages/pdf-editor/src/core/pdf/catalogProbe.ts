// A way past an encrypted file's page tree: the engine reads the trailer and checks the password
// before it walks the page tree, but when the catalog or the tree sits in an encrypted object
// stream it cannot decrypt, it throws from the tree and nothing else can be learnt. A copy of the
// file with an update appended whose catalog and empty page tree are plain objects, and whose
// trailer repeats the newest trailer's /Encrypt and /ID, loads whatever the password; the engine
// then says whether the password opened it, and the original catalog is still in reach.
import { PdfRef } from '@libpdf/core';
import { highestListedObjectNumber, highestObjectHeader, idEntry, lastStartXref, latin1, withEmptyCatalog } from './update';

export interface CatalogProbe {
  /** The file with the plain catalog's update appended. */
  bytes: Uint8Array;
  /** The original catalog (the newest trailer's /Root). */
  root: PdfRef;
  /** The original document information dictionary (/Info), which the probe's trailer leaves out. */
  info?: PdfRef;
}

function refIn(trailer: string, key: string): PdfRef | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+(\\d+)\\s+R`).exec(trailer);
  return match ? PdfRef.of(Number(match[1]), Number(match[2])) : undefined;
}

/** The probe of an encrypted file (see above); undefined when its newest trailer has no /Encrypt, /ID or /Size. */
export function withPlainCatalog(bytes: Uint8Array): CatalogProbe | undefined {
  const text = latin1.decode(bytes);
  const xrefAt = lastStartXref(text);
  if (xrefAt === undefined) return undefined;
  const trailerEnd = text.slice(xrefAt).search(/stream|startxref/);
  const trailer = text.slice(xrefAt, trailerEnd < 0 ? undefined : xrefAt + trailerEnd);
  const encrypt = refIn(trailer, 'Encrypt');
  const root = refIn(trailer, 'Root');
  const id = idEntry(trailer);
  const listed = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  if (!encrypt || !root || !id || !Number.isInteger(listed)) return undefined;
  // After every object the file has (its /Size may be too small): the probe must replace none.
  const size = Math.max(listed, highestListedObjectNumber(bytes, xrefAt) + 1, highestObjectHeader(text) + 1);
  const probe = withEmptyCatalog(bytes, size, `/Encrypt ${encrypt.toString()} ${id} /Prev ${xrefAt}`);
  const info = refIn(trailer, 'Info');
  return { bytes: probe, root, ...(info && { info }) };
}
