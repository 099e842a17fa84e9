// Encrypted files whose metadata is left in clear text (/EncryptMetadata false, as qpdf's
// --cleartext-metadata and Acrobat write them). Every save of an encrypted document makes the
// engine write its /Encrypt dictionary anew, and it writes that entry as the name /false instead of
// the boolean false. Readers take any value but the boolean as true, so they derive another key
// (with /R 4 the flag enters the key) and reject the file's own password: no reader opened such an
// export. The engine writes the entry in one fixed form, which is corrected in the saved bytes, in
// place: the boolean is as long as the name followed by a space, so no offset moves.
import type { PDF } from '@libpdf/core';

const WRITTEN = new TextEncoder().encode('/EncryptMetadata /false');
const MEANT = new TextEncoder().encode('/EncryptMetadata false ');

function correctEntries(bytes: Uint8Array): Uint8Array {
  let corrected: Uint8Array | undefined;
  const [first = 0] = WRITTEN;
  for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) {
    if (!WRITTEN.every((byte, i) => bytes[at + i] === byte)) continue;
    // A real copy: a save that changed nothing may hand back the caller's bytes, maybe a Node
    // Buffer, whose `.slice()` is a view of them.
    corrected ??= new Uint8Array(bytes);
    corrected.set(MEANT, at);
  }
  return corrected ?? bytes;
}

/** Makes every save of `pdf` (encrypted with /EncryptMetadata false) write that entry as readers read it. */
export function keepCleartextMetadata(pdf: PDF): void {
  if (!pdf.isEncrypted || pdf.getSecurity().encryptMetadata !== false) return;
  const save = pdf.save.bind(pdf);
  pdf.save = async (options) => correctEntries(await save(options));
}
