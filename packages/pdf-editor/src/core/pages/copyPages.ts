// Copies pages between pdf-lib documents so the result holds exactly those pages, nothing else.
//
// pdf-lib's own copyPages does not record which new page replaces which old one, so a link to
// another copied page drags in a second, orphan copy of it, and a link to a page left out drags in
// that page and its content (a deleted page would still be readable in the file). Here the copier
// is told up front: copied pages map to their new objects, pages left out map to null, and links
// that pointed at a page left out are dropped.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, PDFObjectCopier, PDFPage, PDFRef } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';

/** pdf-lib's copier keeps its source-to-copy map in this (untyped) field; stable since 1.x. */
function traversedObjectsOf(copier: PDFObjectCopier): Map<PDFObject, PDFObject> | undefined {
  const map: unknown = Reflect.get(copier, 'traversedObjects');
  return map instanceof Map ? (map as Map<PDFObject, PDFObject>) : undefined;
}

/** A new, empty document that will be written without a default page or a new Producer. */
export async function createTarget(): Promise<PDFDocument> {
  return PDFDocument.create({ updateMetadata: false });
}

/** Copies the source's document information (title, author...) to a new document built from it. */
export function copyDocumentInfo(source: PDFDocument, target: PDFDocument): void {
  const info = source.context.trailerInfo.Info;
  if (!info) return;
  target.context.trailerInfo.Info = PDFObjectCopier.for(source.context, target.context).copy(info);
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
 * content, size, rotation and annotations. Each index may appear once.
 */
export async function copyPagesInto(
  target: PDFDocument,
  source: PDFDocument,
  indices: readonly number[],
  options: CopyPagesOptions = {},
): Promise<void> {
  const at = options.at ?? target.getPageCount();
  const copier = PDFObjectCopier.for(source.context, target.context);
  const traversed = traversedObjectsOf(copier);
  if (!traversed) {
    const pages = await target.copyPages(source, [...indices]);
    pages.forEach((page, i) => target.insertPage(at + i, page));
    return;
  }
  const sourcePages = source.getPages();
  const newRefs = new Map<number, PDFRef>();
  for (const index of indices) {
    const ref = target.context.nextRef();
    newRefs.set(index, ref);
    traversed.set(sourcePages[index]!.ref, ref);
  }
  sourcePages.forEach((page, index) => {
    if (!newRefs.has(index)) traversed.set(page.ref, PDFNull);
  });
  indices.forEach((index, i) => {
    const ref = newRefs.get(index)!;
    const node = copier.copy(sourcePages[index]!.node);
    target.context.assign(ref, node);
    target.insertPage(at + i, PDFPage.of(node, ref, target));
  });
  if (options.namedDestinations) copyNamedDestinations(source, target, copier);
  dropLinksToMissingPages(target);
}

const DESTS = PDFName.of('Dests');
const NAMES = PDFName.of('Names');

// Destinations of pages left out have become null, which readers treat as no destination.
function copyNamedDestinations(source: PDFDocument, target: PDFDocument, copier: PDFObjectCopier): void {
  const dests = source.catalog.get(DESTS);
  if (dests) target.catalog.set(DESTS, copier.copy(dests));
  const names = source.catalog.lookup(NAMES);
  const nameTree = names instanceof PDFDict ? names.get(DESTS) : undefined;
  if (nameTree) target.catalog.set(NAMES, target.context.obj({ Dests: copier.copy(nameTree) }));
}

const LINK = PDFName.of('Link');
const GOTO = PDFName.of('GoTo');

/** The first element of a link's explicit destination: the page it jumps to. */
function linkTarget(annotation: PDFDict): PDFObject | undefined {
  const dest = annotation.lookup(PDFName.of('Dest'));
  if (dest instanceof PDFArray) return dest.get(0);
  const action = annotation.lookup(PDFName.of('A'));
  if (!(action instanceof PDFDict) || action.get(PDFName.of('S')) !== GOTO) return undefined;
  const actionDest = action.lookup(PDFName.of('D'));
  return actionDest instanceof PDFArray ? actionDest.get(0) : undefined;
}

function dropLinksToMissingPages(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annotation = annots.lookup(i);
      if (!(annotation instanceof PDFDict) || annotation.get(PDFName.of('Subtype')) !== LINK) continue;
      if (linkTarget(annotation) === PDFNull) annots.remove(i);
    }
  }
}
