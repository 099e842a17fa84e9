// Files whose encryption covers only their attachments (/StmF and /StrF /Identity, the embedded
// files under /EFF, typically opened on demand: /AuthEvent /EFOpen). Readers open them without a
// password; the engine reads them too, unauthenticated, but cannot write them: it encrypts what it
// writes (even through the Identity filters) and rebuilds /Encrypt with a key it does not have,
// and the /Encrypt it rebuilds lacks /EFF, which would leave the attachments unreadable.
//
// So the engine is shown the file with its /Encrypt entries renamed (same length, so every offset
// holds): a plain document, which it reads and changes as any other, writing plain objects, as
// the Identity filters want. Its saves are always incremental updates, after which the original
// bytes are put back and the update's trailer names the original /Encrypt again: the attachments
// stay encrypted, untouched, under their original dictionary.
import { PDF, PdfDict, PdfName, PdfNumber, PdfRef } from '@libpdf/core';
import { PdfEncryptedError } from '../errors';
import { ascii, lastStartXref, latin1 } from './update';

const ENCRYPT = '/Encrypt';
/** What `/Encrypt` reads as while the engine looks: a key no reader knows. */
const HIDDEN = '/Encryp_';

/** Whether the byte ends a name: whitespace or a delimiter. */
function endsName(byte: number | undefined): boolean {
  return byte === undefined || /[\s()<>[\]{}/%]/.test(String.fromCharCode(byte));
}

/**
 * A copy of `bytes` with every `/Encrypt` key renamed to `HIDDEN`. A real copy (`new Uint8Array`):
 * the caller's bytes may be a Node Buffer, whose `.slice()` is a view that would rename them too.
 */
function hideEncryption(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  const text = latin1.decode(bytes);
  for (let at = text.indexOf(ENCRYPT); at >= 0; at = text.indexOf(ENCRYPT, at + ENCRYPT.length)) {
    if (!endsName(bytes[at + ENCRYPT.length])) continue;
    for (let i = 0; i < HIDDEN.length; i++) copy[at + i] = HIDDEN.charCodeAt(i);
  }
  return copy;
}

/** The `/Encrypt n g R` entry of the file's newest trailer (a table's or an xref stream's). */
function newestEncryptEntry(bytes: Uint8Array): string | undefined {
  const text = latin1.decode(bytes);
  const offset = lastStartXref(text);
  if (offset === undefined) return undefined;
  const section = text.slice(offset);
  const end = section.search(/startxref|stream/);
  return /\/Encrypt\s+\d+\s+\d+\s+R/.exec(end < 0 ? section : section.slice(0, end))?.[0];
}

/** Whether the crypt filter `key` of a /V 4 or 5 dictionary leaves its objects as they are (the default). */
function isIdentity(dict: PdfDict, key: string): boolean {
  const name = dict.get(key);
  return name === undefined || (name instanceof PdfName && name.value === 'Identity');
}

/** Whether the /Encrypt dictionary encrypts no string and no stream but embedded files. */
function encryptsOnlyAttachments(dict: PdfDict): boolean {
  // Crypt filters (and so /StmF and /StrF) exist from /V 4 on; before, everything is encrypted.
  const version = dict.get('V');
  return (
    version instanceof PdfNumber && version.value >= 4 && isIdentity(dict, 'StmF') && isIdentity(dict, 'StrF')
  );
}

/**
 * The saved file with the original bytes in front again and the newest trailer (or xref stream
 * dictionary) naming `encrypt`: inserted right after its `<<`, which moves no offset the file
 * lists (the xref section starts before it and nothing follows it).
 */
function restoreEncryption(saved: Uint8Array, original: Uint8Array, encrypt: string): Uint8Array {
  // Nothing changed: the engine hands back the bytes it read.
  if (saved.length === original.length) return original;
  const text = latin1.decode(saved);
  const section = lastStartXref(text) ?? NaN;
  const open = text.indexOf('<<', section);
  if (section < original.length || open < 0) {
    throw new PdfEncryptedError(
      'This PDF has encrypted attachments; it can only be changed by an update appended to it.',
    );
  }
  const entry = ascii(` ${encrypt} `);
  const out = new Uint8Array(saved.length + entry.length);
  out.set(saved.subarray(0, open + 2));
  out.set(original);
  out.set(entry, open + 2);
  out.set(saved.subarray(open + 2), open + 2 + entry.length);
  return out;
}

/**
 * The engine's document of a file whose encryption covers only its attachments, whose saves keep
 * that encryption (see above); undefined when the file's encryption covers more.
 */
export async function openWithLockedAttachments(bytes: Uint8Array): Promise<PDF | undefined> {
  const encrypt = newestEncryptEntry(bytes);
  if (!encrypt) return undefined;
  const pdf = await PDF.load(hideEncryption(bytes)).catch(() => undefined);
  const [number, generation] = encrypt.split(/\s+/).slice(1).map(Number) as [number, number];
  const dict = pdf?.getObject(PdfRef.of(number, generation));
  if (!pdf || pdf.recoveredViaBruteForce || !(dict instanceof PdfDict)) return undefined;
  if (!encryptsOnlyAttachments(dict)) return undefined;
  const save = pdf.save.bind(pdf);
  pdf.save = async (options = {}) =>
    restoreEncryption(await save({ ...options, incremental: true }), bytes, encrypt);
  return pdf;
}
