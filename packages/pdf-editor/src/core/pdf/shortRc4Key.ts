// RC4 encryption under /V 4 /R 4 with a key shorter than 128 bits (/Length 40 or 48). Acrobat
// opens such files by padding the key with zero bytes to 16 before it derives each object's key,
// and pdf.js does the same (its issue 19484); the engine accepts the password but decrypts with the
// short key, so every encrypted object reads as noise and a page tree in an object stream as none.
//
// The engine offers no hook between checking the password and walking the page tree, so the file
// is opened through its probe (catalogProbe.ts): the engine's RC4 handlers then get the padded
// key before anything encrypted is read, and the original catalog's entries and pages are moved
// into the probe's catalog and page tree. The document is then whole again; it must be saved as a
// rewrite (the probe is not part of the file).
//
// The rewrite is not encrypted as the file was: qpdf takes the key length of /V 4 to be 128 bits
// whatever /Length says, so it rejects the file's own password and every copy of its encryption.
// It is encrypted anew by the engine (AES-256, the one encryption it writes), with the same user
// password, permissions and clear-text metadata, which every reader checked opens alike. The owner
// password cannot be kept: a new one needs the old one, which opening with the user password does
// not reveal, so the new one is random (nobody can lift the permissions), unless the file was
// opened with the owner password, which then stays the owner password (and opens the file).
import { PDF, PdfDict, PdfName, PdfRef, type PdfObject } from '@libpdf/core';
import { withPlainCatalog } from './catalogProbe';
import { inheritInto } from './pageAttributes';

const FULL_KEY_BYTES = 16;
/** Deeper than any real page tree; a loop stops here. */
const MAX_DEPTH = 64;

/** The engine's RC4 handlers of the document, when it is the case described above. */
function shortKeyHandlers(pdf: PDF): { fileKey: Uint8Array }[] | undefined {
  const security = pdf.context.info.securityHandler;
  if (!security?.isAuthenticated) return undefined;
  const { version, algorithm, keyLengthBits } = security.encryption;
  if (version !== 4 || algorithm !== 'RC4' || keyLengthBits >= FULL_KEY_BYTES * 8) return undefined;
  return [security.stringHandler, security.streamHandler].filter(
    (handler): handler is NonNullable<typeof handler> => handler !== null && handler.algorithm === 'RC4',
  );
}

/** The page references under `node`, in order, each given what it inherits from the tree. */
function pagesUnder(pdf: PDF, node: PdfDict, visited: Set<string>, depth = 0): PdfRef[] {
  const kids = node.getArray('Kids');
  if (!kids || depth > MAX_DEPTH) return [];
  const pages: PdfRef[] = [];
  for (const kid of kids.toArray()) {
    if (!(kid instanceof PdfRef) || visited.has(kid.toString())) continue;
    visited.add(kid.toString());
    const child = pdf.getObject(kid);
    if (!(child instanceof PdfDict)) continue;
    if (child.getName('Type')?.value === 'Pages' || child.has('Kids')) {
      pages.push(...pagesUnder(pdf, child, visited, depth + 1));
      continue;
    }
    // The page leaves its tree for the probe's flat one: what it inherited becomes its own.
    inheritInto(pdf, child, child);
    pages.push(kid);
  }
  return pages;
}

/**
 * Makes the next save of `pdf` encrypt it anew (see above), opened with `password` ('' when the
 * engine opened it without one). The engine lets only the owner change the protection; it is let
 * through here because nothing is loosened: same user password, same permissions.
 */
function reencryptOnSave(pdf: PDF, password: string): void {
  const security = pdf.context.info.securityHandler;
  if (!security) return;
  const asOwner = security.hasOwnerAccess;
  const { permissions, encryption } = security;
  Object.assign(security, { isOwner: true });
  try {
    pdf.setProtection({
      algorithm: 'AES-256',
      userPassword: password,
      ownerPassword: asOwner ? password : undefined,
      permissions,
      encryptMetadata: encryption.encryptMetadata,
    });
  } finally {
    Object.assign(security, { isOwner: asOwner });
  }
}

/** Whether the engine opened `pdf` with a short RC4 key it will decrypt wrongly (see above). */
export function usesShortRc4Key(pdf: PDF): boolean {
  return (shortKeyHandlers(pdf)?.length ?? 0) > 0;
}

/**
 * The document of a file encrypted as described above, opened with `credentials`; undefined when
 * the file is not such a file or the password does not open it.
 */
export async function openWithShortRc4Key(
  bytes: Uint8Array,
  credentials: { credentials?: string },
): Promise<PDF | undefined> {
  const probe = withPlainCatalog(bytes);
  if (!probe) return undefined;
  const pdf = await PDF.load(probe.bytes, credentials).catch(() => undefined);
  const handlers = pdf && shortKeyHandlers(pdf);
  if (!pdf || !handlers || handlers.length === 0) return undefined;
  for (const handler of handlers) {
    const padded = new Uint8Array(FULL_KEY_BYTES);
    padded.set(handler.fileKey);
    // The engine's handler keeps its key in a read-only field: the one place its key is set.
    Object.assign(handler, { fileKey: padded });
  }
  const catalog = pdf.getObject(probe.root);
  if (!(catalog instanceof PdfDict)) return undefined;
  const tree = catalog.get('Pages');
  const root = tree instanceof PdfRef ? pdf.getObject(tree) : undefined;
  if (!(root instanceof PdfDict)) return undefined;
  const target = pdf.getCatalog();
  for (const [key, value] of catalog) {
    if (key.value !== 'Pages' && key.value !== 'Type') target.set(key.value, value as PdfObject);
  }
  target.set('Type', PdfName.of('Catalog'));
  pagesUnder(pdf, root, new Set()).forEach((page, index) => pdf.insertPage(index, page));
  if (probe.info) {
    pdf.context.info.trailer.set('Info', probe.info);
    // Loaded now, as the engine's loader loads it: its readers take only loaded objects.
    pdf.getObject(probe.info);
  }
  reencryptOnSave(pdf, credentials.credentials ?? '');
  return pdf;
}
