// Copies pages between engine documents so the result holds exactly those pages, nothing else.
//
// A plain deep copy follows every reference: a link to another copied page would drag in a second,
// orphan copy of it, and a link to a page left out would drag in that page, its /Parent and so the
// whole source document (a deleted page would still be readable in the file). Here the copier is
// told up front: copied pages map to their new objects, pages left out map to null, and links
// that pointed at a page left out are dropped.
import { PdfArray, PdfDict, PdfName, PdfNull, PdfRef, PdfStream, type PDF, type PdfObject } from '@libpdf/core';
import { inheritInto, resolved } from '../pdf/pageAttributes';

/** Copies objects of one source document into one target document, each referenced object once. */
class ObjectCopier {
  /** Source object number:generation to the target's object (a reference, or null for pages left out). */
  private readonly copied = new Map<string, PdfObject>();

  constructor(
    private readonly source: PDF,
    private readonly target: PDF,
  ) {}

  /** Decides up front what references to `ref` become in the target. */
  map(ref: PdfRef, to: PdfObject): void {
    this.copied.set(`${ref.objectNumber}:${ref.generation}`, to);
  }

  // Stream bytes are copied as stored: the engine has already decrypted them, and their /Filter
  // still applies.
  copy(value: PdfObject): PdfObject {
    if (value instanceof PdfRef) return this.copyRef(value);
    if (value instanceof PdfStream) return new PdfStream(this.copyEntries(value), value.data);
    if (value instanceof PdfDict) return this.copyEntries(value);
    if (value instanceof PdfArray) return new PdfArray(value.toArray().map((item) => this.copy(item)));
    return value;
  }

  /** Copies the entries of `from` (except `skip`) into `into`, a new dictionary by default. */
  copyEntries(from: PdfDict, into = new PdfDict(), skip: ReadonlySet<string> = new Set()): PdfDict {
    for (const [key, value] of from) {
      if (!skip.has(key.value) && !(key.value === 'Length' && from instanceof PdfStream)) into.set(key.value, this.copy(value));
    }
    return into;
  }

  private copyRef(ref: PdfRef): PdfObject {
    const key = `${ref.objectNumber}:${ref.generation}`;
    const known = this.copied.get(key);
    if (known) return known;
    const object = this.source.getObject(ref);
    if (object === null) return PdfNull.instance;
    if (!(object instanceof PdfDict || object instanceof PdfArray)) {
      const copiedRef = this.target.register(object);
      this.copied.set(key, copiedRef);
      return copiedRef;
    }
    // Registered before its values are copied, so a reference cycle ends at this entry.
    const shell = object instanceof PdfStream ? new PdfStream(new PdfDict(), object.data) : object instanceof PdfDict ? new PdfDict() : new PdfArray();
    const copiedRef = this.target.register(shell);
    this.copied.set(key, copiedRef);
    if (shell instanceof PdfArray) for (const item of object as PdfArray) shell.push(this.copy(item));
    else this.copyEntries(object as PdfDict, shell);
    return copiedRef;
  }
}

export interface CopyPagesOptions {
  /** Index in `target` of the first copied page; default: appended. */
  at?: number;
  /**
   * Also copy the source's named destinations (catalog /Dests and /Names /Dests), which links such
   * as a table of contents jump through. For a target built from this one source only.
   */
  namedDestinations?: boolean;
}

/**
 * Copies the pages at `indices` (0-based) of `source` into `target`, in that order, with their
 * content, size, rotation (inherited attributes made the page's own) and annotations. Each index
 * may appear once.
 */
export function copyPagesInto(target: PDF, source: PDF, indices: readonly number[], options: CopyPagesOptions = {}): void {
  const copier = new ObjectCopier(source, target);
  const sourcePages = source.getPages();
  const copies = new Map<number, { shell: PdfDict; ref: PdfRef }>();
  for (const index of indices) {
    const shell = new PdfDict();
    const ref = target.register(shell);
    copier.map(sourcePages[index]!.ref, ref);
    copies.set(index, { shell, ref });
  }
  sourcePages.forEach((page, index) => {
    if (!copies.has(index)) copier.map(page.ref, PdfNull.instance);
  });
  const at = options.at ?? target.getPageCount();
  indices.forEach((index, i) => {
    const page = sourcePages[index]!;
    const { shell, ref } = copies.get(index)!;
    copier.copyEntries(page.dict, shell, new Set(['Parent']));
    inheritInto(source, page.dict, shell, (value) => copier.copy(value));
    shell.set('Type', PdfName.of('Page'));
    target.insertPage(at + i, ref);
  });
  if (options.namedDestinations) copyNamedDestinations(source, target, copier);
  dropLinksToMissingPages(target);
}

// Destinations of pages left out have become null, which readers treat as no destination.
function copyNamedDestinations(source: PDF, target: PDF, copier: ObjectCopier): void {
  const catalog = source.getCatalog();
  const dests = catalog.get('Dests');
  if (dests) target.getCatalog().set('Dests', copier.copy(dests));
  const names = resolved(source, catalog.get('Names'));
  const nameTree = names instanceof PdfDict ? names.get('Dests') : undefined;
  if (nameTree) target.getCatalog().set('Names', new PdfDict([['Dests', copier.copy(nameTree)]]));
}

/** The first element of a link's explicit destination: the page it jumps to. */
function linkTarget(pdf: PDF, annotation: PdfDict): PdfObject | undefined {
  const dest = resolved(pdf, annotation.get('Dest'));
  if (dest instanceof PdfArray) return dest.at(0);
  const action = resolved(pdf, annotation.get('A'));
  if (!(action instanceof PdfDict)) return undefined;
  const kind = resolved(pdf, action.get('S'));
  if (!(kind instanceof PdfName) || kind.value !== 'GoTo') return undefined;
  const actionDest = resolved(pdf, action.get('D'));
  return actionDest instanceof PdfArray ? actionDest.at(0) : undefined;
}

function dropLinksToMissingPages(pdf: PDF): void {
  for (const page of pdf.getPages()) {
    const annots = resolved(pdf, page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (let i = annots.length - 1; i >= 0; i--) {
      const annotation = resolved(pdf, annots.at(i));
      if (!(annotation instanceof PdfDict)) continue;
      const subtype = resolved(pdf, annotation.get('Subtype'));
      if (subtype instanceof PdfName && subtype.value === 'Link' && linkTarget(pdf, annotation) instanceof PdfNull) annots.remove(i);
    }
  }
}
