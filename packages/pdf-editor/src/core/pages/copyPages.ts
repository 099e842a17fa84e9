// Copies pages between engine documents so the result holds exactly those pages, nothing else.
//
// A plain deep copy follows every reference: a link to another copied page would drag in a second,
// orphan copy of it, and a link to a page left out would drag in that page, its /Parent and so the
// whole source document (a deleted page would still be readable in the file). Here the copier is
// told up front: copied pages map to their new objects, pages left out map to null, and links
// that pointed at a page left out are dropped. Named destinations are copied only where they lead
// to a copied page: a manual's tree of thousands of them would otherwise ride along in every part
// of a split, each part carrying the whole document's names.
import { PdfArray, PdfDict, PdfName, PdfNull, PdfRef, PdfStream, PdfString, type PDF, type PdfObject } from '../pdf/engine';
import { inheritInto, resolved } from '../pdf/pageAttributes';
import { latin1 } from '../pdf/update';

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
   * Also copy the source's named destinations (catalog /Dests and /Names /Dests) that lead to a
   * copied page, which links such as a table of contents jump through, and drop links to names
   * left out. For a target built from this one source only.
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
  const keptPages = new Set(indices.map((index) => `${sourcePages[index]!.ref.objectNumber}:${sourcePages[index]!.ref.generation}`));
  const namedDestinations = options.namedDestinations ? copyNamedDestinations(source, target, copier, keptPages) : undefined;
  dropLinksToMissingPages(target, namedDestinations);
}

/** Name-tree nodes walked at most: a malformed tree whose kids loop back ends here. */
const MAX_NAME_TREE_NODES = 100_000;

/** A name's key for comparing: a string's bytes (names in trees are byte strings) or a name's text. */
function nameKey(name: PdfObject | undefined): string | undefined {
  if (name instanceof PdfString) return `(${latin1.decode(name.bytes)}`;
  if (name instanceof PdfName) return `/${name.value}`;
  return undefined;
}

/** Every key and value of a name tree's leaves, in the tree's (sorted) order. */
function nameTreeEntries(pdf: PDF, root: PdfObject | undefined): Array<[PdfString, PdfObject]> {
  const entries: Array<[PdfString, PdfObject]> = [];
  const seen = new Set<PdfDict>();
  const visit = (node: PdfObject | undefined) => {
    const dict = resolved(pdf, node);
    if (!(dict instanceof PdfDict) || seen.has(dict) || seen.size >= MAX_NAME_TREE_NODES) return;
    seen.add(dict);
    const names = resolved(pdf, dict.get('Names'));
    if (names instanceof PdfArray) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = resolved(pdf, names.at(i));
        const value = names.at(i + 1);
        if (key instanceof PdfString && value) entries.push([key, value]);
      }
    }
    const kids = resolved(pdf, dict.get('Kids'));
    if (kids instanceof PdfArray) for (const kid of kids) visit(kid);
  };
  visit(root);
  return entries;
}

/**
 * Copies the source's named destinations (catalog /Dests, and the /Dests name tree as one leaf)
 * that lead to a page in `keptPages`; returns the keys (see `nameKey`) of those copied.
 */
function copyNamedDestinations(source: PDF, target: PDF, copier: ObjectCopier, keptPages: ReadonlySet<string>): Set<string> {
  const copied = new Set<string>();
  const leadsToKeptPage = (destination: PdfObject | undefined) => {
    let value = resolved(source, destination);
    if (value instanceof PdfDict) value = resolved(source, value.get('D'));
    const page = value instanceof PdfArray ? value.at(0) : undefined;
    return page instanceof PdfRef && keptPages.has(`${page.objectNumber}:${page.generation}`);
  };
  const catalog = source.getCatalog();
  const dests = resolved(source, catalog.get('Dests'));
  if (dests instanceof PdfDict) {
    const kept = new PdfDict();
    for (const [name, value] of dests) {
      if (!leadsToKeptPage(value)) continue;
      kept.set(name.value, copier.copy(value));
      copied.add(nameKey(name) as string);
    }
    if (kept.size > 0) target.getCatalog().set('Dests', target.register(kept));
  }
  const names = resolved(source, catalog.get('Names'));
  const leaf: PdfObject[] = [];
  for (const [name, value] of nameTreeEntries(source, names instanceof PdfDict ? names.get('Dests') : undefined)) {
    if (!leadsToKeptPage(value)) continue;
    leaf.push(name, copier.copy(value));
    copied.add(nameKey(name) as string);
  }
  if (leaf.length > 0) {
    const tree = target.register(new PdfDict([['Names', new PdfArray(leaf)]]));
    target.getCatalog().set('Names', new PdfDict([['Dests', tree]]));
  }
  return copied;
}

/** Where a link jumps: its destination (explicit array, or a name), directly or through a GoTo action. */
function linkDestination(pdf: PDF, annotation: PdfDict): PdfObject | undefined {
  const dest = resolved(pdf, annotation.get('Dest'));
  if (dest) return dest;
  const action = resolved(pdf, annotation.get('A'));
  if (!(action instanceof PdfDict)) return undefined;
  const kind = resolved(pdf, action.get('S'));
  if (!(kind instanceof PdfName) || kind.value !== 'GoTo') return undefined;
  return resolved(pdf, action.get('D'));
}

/**
 * Removes links to a page left out: an explicit destination whose page became null, or (when
 * `namedDestinations` says which names the target kept) a name it did not keep.
 */
function dropLinksToMissingPages(pdf: PDF, namedDestinations?: ReadonlySet<string>): void {
  for (const page of pdf.getPages()) {
    const annots = resolved(pdf, page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (let i = annots.length - 1; i >= 0; i--) {
      const annotation = resolved(pdf, annots.at(i));
      if (!(annotation instanceof PdfDict)) continue;
      const subtype = resolved(pdf, annotation.get('Subtype'));
      if (!(subtype instanceof PdfName) || subtype.value !== 'Link') continue;
      const destination = linkDestination(pdf, annotation);
      const name = nameKey(destination);
      const missing =
        destination instanceof PdfArray ? destination.at(0) instanceof PdfNull : name !== undefined && namedDestinations !== undefined && !namedDestinations.has(name);
      if (missing) annots.remove(i);
    }
  }
}
