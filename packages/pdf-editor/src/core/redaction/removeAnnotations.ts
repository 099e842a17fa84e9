// Removes the annotations that lie under redaction areas, so nothing of them survives in the file:
// the annotation (links and form widgets included), its popup and the replies to it, the whole form
// field of a widget (its value shows in every widget of it), and its entry in our private copy
// (/MarginaliaData): version 3 and 4 copies of all a page's annotations share one stream, which
// would otherwise keep a removed annotation's text for the annotations that stay. Removed
// dictionaries are also emptied, so a reference this pass does not know of (a structure tree's
// /OBJR) finds nothing in them.
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, PdfString, type PDF, type PdfObject } from '@libpdf/core';
import { MARGINALIA_DATA_NAME, MARGINALIA_IMAGES_NAME, type PageCopies } from '../export/native/marginaliaData';
import type { PageSpace } from '../geometry/pageSpace';
import type { Rect } from '../model/types';
import { resolved } from '../pdf/pageAttributes';
import type { RemovedAnnotation } from './types';

/** An area in PDF user space (x, y its bottom-left), on a 0-based page. */
export interface UserSpaceArea {
  pageIndex: number;
  pdfRect: Rect;
  space: PageSpace;
}

export interface AreaRemovals {
  annotations: RemovedAnnotation[];
  formFields: string[];
}

/** Deeper than any real field tree or reply chain; a loop stops here. */
const MAX_DEPTH = 64;

function rectOf(pdf: PDF, dict: PdfDict): Rect | undefined {
  const value = resolved(pdf, dict.get('Rect'));
  if (!(value instanceof PdfArray) || value.length < 4) return undefined;
  const numbers = value.toArray().slice(0, 4).map((item) => resolved(pdf, item));
  if (!numbers.every((item): item is PdfNumber => item instanceof PdfNumber)) return undefined;
  const [x1, y1, x2, y2] = numbers.map((item) => item.value) as [number, number, number, number];
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** Whether the rectangles share some area, or a zero-size rectangle lies inside the other. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function nameOf(pdf: PDF, dict: PdfDict, key: string): string | undefined {
  const value = resolved(pdf, dict.get(key));
  if (value instanceof PdfName) return value.value;
  if (value instanceof PdfString) return value.asString();
  return undefined;
}

function dictOf(pdf: PDF, value: PdfObject | undefined): PdfDict | undefined {
  const found = resolved(pdf, value);
  return found instanceof PdfDict ? found : undefined;
}

/** The field a widget belongs to: the widget itself when it has a name, else its nearest named parent. */
function fieldOf(pdf: PDF, widget: PdfDict): PdfDict {
  let node: PdfDict | undefined = widget;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    if (node.has('T')) return node;
    node = dictOf(pdf, node.get('Parent'));
  }
  return widget;
}

function fullFieldName(pdf: PDF, field: PdfDict): string {
  const parts: string[] = [];
  let node: PdfDict | undefined = field;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const part = nameOf(pdf, node, 'T');
    if (part !== undefined) parts.unshift(part);
    node = dictOf(pdf, node.get('Parent'));
  }
  return parts.join('.');
}

/** The field and every dictionary under it (its widgets among them). */
function fieldTree(pdf: PDF, field: PdfDict, into = new Set<PdfDict>(), depth = 0): Set<PdfDict> {
  if (into.has(field) || depth > MAX_DEPTH) return into;
  into.add(field);
  const kids = resolved(pdf, field.get('Kids'));
  if (kids instanceof PdfArray) for (const kid of kids.toArray()) {
    const dict = dictOf(pdf, kid);
    if (dict) fieldTree(pdf, dict, into, depth + 1);
  }
  return into;
}

/** Removes from `array` (and the arrays of nested field kids) every entry that is one of `dicts`. */
function removeEntries(pdf: PDF, array: PdfArray, dicts: ReadonlySet<PdfDict>): void {
  for (let index = array.length - 1; index >= 0; index--) {
    const dict = dictOf(pdf, array.at(index));
    if (dict && dicts.has(dict)) array.remove(index);
  }
}

/** Rewrites a shared private-copy stream without the copies of `removedIds`, keeping only the images still used. */
function withoutCopies(stream: PdfStream, removedIds: ReadonlySet<string>): void {
  let parsed: PageCopies;
  try {
    parsed = JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as PageCopies;
  } catch {
    return;
  }
  if (!Array.isArray(parsed.copies)) return;
  const images = stream.get(MARGINALIA_IMAGES_NAME);
  const imageRefs = images instanceof PdfArray ? images.toArray() : [];
  const keptImages: PdfObject[] = [];
  const copies = parsed.copies
    .filter((copy) => !removedIds.has(String((copy.annotation as { id?: unknown } | undefined)?.id)))
    .map((copy) => {
      if (copy.image === undefined) return copy;
      const ref = imageRefs[copy.image];
      if (ref === undefined) return copy;
      let index = keptImages.indexOf(ref);
      if (index < 0) index = keptImages.push(ref) - 1;
      return { ...copy, image: index };
    });
  stream.setData(new TextEncoder().encode(JSON.stringify({ ...parsed, copies })));
  if (keptImages.length > 0) stream.set(MARGINALIA_IMAGES_NAME, new PdfArray(keptImages));
  else stream.delete(MARGINALIA_IMAGES_NAME);
}

function describe(pdf: PDF, dict: PdfDict): RemovedAnnotation {
  const id = nameOf(pdf, dict, 'NM');
  return { subtype: nameOf(pdf, dict, 'Subtype') ?? 'Unknown', ...(id === undefined ? {} : { id }) };
}

/**
 * Removes every annotation under one of `areas` (one report per area, in their order); with
 * `attachments`, every file attachment annotation of the document too.
 */
export function removeAnnotationsUnder(pdf: PDF, areas: readonly UserSpaceArea[], attachments: boolean): AreaRemovals[] {
  const pages = pdf.getPages();
  const reports: AreaRemovals[] = areas.map(() => ({ annotations: [], formFields: [] }));
  /** Each removed dictionary, with the report of the area it lay under (none for what went with another). */
  const removed = new Map<PdfDict, AreaRemovals | undefined>();
  const removedFields = new Set<PdfDict>();
  const pageAnnotations = pages.map((page) => {
    const annots = resolved(pdf, page.dict.get('Annots'));
    return annots instanceof PdfArray ? annots : undefined;
  });

  const remove = (dict: PdfDict, report: AreaRemovals | undefined): void => {
    if (removed.has(dict)) return;
    removed.set(dict, report);
    report?.annotations.push(describe(pdf, dict));
    if (nameOf(pdf, dict, 'Subtype') === 'Widget' || dict.has('FT')) {
      const field = fieldOf(pdf, dict);
      if (!removedFields.has(field)) {
        removedFields.add(field);
        report?.formFields.push(fullFieldName(pdf, field));
        for (const part of fieldTree(pdf, field)) remove(part, undefined);
      }
    }
    const popup = dictOf(pdf, dict.get('Popup'));
    if (popup) remove(popup, report);
  };

  pages.forEach((_page, pageIndex) => {
    const annots = pageAnnotations[pageIndex];
    if (!annots) return;
    const dicts = annots.toArray().flatMap((entry) => dictOf(pdf, entry) ?? []);
    for (const dict of dicts) {
      if (attachments && nameOf(pdf, dict, 'Subtype') === 'FileAttachment') remove(dict, undefined);
      const rect = rectOf(pdf, dict);
      if (!rect) continue;
      areas.forEach((area, areaIndex) => {
        if (area.pageIndex === pageIndex && overlaps(rect, area.pdfRect)) remove(dict, reports[areaIndex]);
      });
    }
    // Replies to a removed annotation, and popups whose parent is removed, go with it.
    for (let round = 0, grew = true; grew && round < MAX_DEPTH; round++) {
      grew = false;
      for (const dict of dicts) {
        if (removed.has(dict)) continue;
        const parent = dictOf(pdf, dict.get('IRT')) ?? dictOf(pdf, dict.get('Parent'));
        if (parent && removed.has(parent) && nameOf(pdf, dict, 'Subtype') !== 'Widget') {
          remove(dict, removed.get(parent));
          grew = true;
        }
      }
    }
  });
  if (removed.size === 0) return reports;

  const dicts = new Set(removed.keys());
  for (const annots of pageAnnotations) if (annots) removeEntries(pdf, annots, dicts);
  removeFromFieldTree(pdf, removedFields);
  dropPrivateCopies(pdf, dicts, pageAnnotations);
  for (const dict of dicts) for (const key of [...dict.keys()]) dict.delete(key);
  return reports;
}

function removeFromFieldTree(pdf: PDF, fields: ReadonlySet<PdfDict>): void {
  if (fields.size === 0) return;
  const acroForm = dictOf(pdf, pdf.getCatalog().get('AcroForm'));
  // An XFA form keeps every field's value again in its XML data; without it readers use the fields.
  acroForm?.delete('XFA');
  const top = resolved(pdf, acroForm?.get('Fields'));
  if (top instanceof PdfArray) removeEntries(pdf, top, fields);
  for (const field of fields) {
    const kids = resolved(pdf, dictOf(pdf, field.get('Parent'))?.get('Kids'));
    if (kids instanceof PdfArray) removeEntries(pdf, kids, fields);
  }
}

/** Takes the removed annotations' copies out of the shared private-copy streams the remaining ones still name. */
function dropPrivateCopies(pdf: PDF, removed: ReadonlySet<PdfDict>, pageAnnotations: readonly (PdfArray | undefined)[]): void {
  const removedIds = new Set<string>();
  for (const dict of removed) {
    const id = nameOf(pdf, dict, 'NM');
    if (id !== undefined && dict.has(MARGINALIA_DATA_NAME)) removedIds.add(id);
  }
  if (removedIds.size === 0) return;
  const streams = new Set<PdfStream>();
  for (const annots of pageAnnotations) {
    for (const entry of annots?.toArray() ?? []) {
      const stream = resolved(pdf, dictOf(pdf, entry)?.get(MARGINALIA_DATA_NAME));
      if (stream instanceof PdfStream) streams.add(stream);
    }
  }
  for (const stream of streams) withoutCopies(stream, removedIds);
}
