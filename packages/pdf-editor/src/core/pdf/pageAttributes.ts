// A page's inheritable attributes (/Resources, /MediaBox, /CropBox, /Rotate) as PDF readers see
// them: the page's own value or its nearest ancestor's in the page tree. The engine's page objects
// read only the page's own dictionary, so a page that inherits its boxes or resources from its
// /Pages node would otherwise look like a Letter page without fonts.
import { PdfArray, PdfDict, PdfNumber, PdfRef, type PDF, type PDFPage, type PdfObject } from '@libpdf/core';
import { createPageSpace, normalizeRotation, type PageRotation, type PageSpace, type PdfBox } from '../geometry/pageSpace';

/** Deeper than any real page tree; a loop stops here instead of running forever. */
const MAX_DEPTH = 64;
const LETTER: PdfBox = { left: 0, bottom: 0, right: 612, top: 792 };

/** The object itself, or what a reference points at. */
export function resolved(pdf: PDF, value: PdfObject | undefined): PdfObject | undefined {
  return value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
export type InheritableKey = (typeof INHERITABLE)[number];

/** The page's own value for `key`, or the nearest ancestor's; resolved. */
export function inheritedAttribute(pdf: PDF, page: PdfDict, key: InheritableKey): PdfObject | undefined {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const value = resolved(pdf, node.get(key));
    if (value !== undefined) return value;
    const parent = resolved(pdf, node.get('Parent'));
    node = parent instanceof PdfDict ? parent : undefined;
  }
  return undefined;
}

/**
 * For a page that leaves its tree (copied into another document, moved into a flat one): sets on
 * `into` what `page` inherits and `into` lacks, each value as `copy` makes it.
 */
export function inheritInto(pdf: PDF, page: PdfDict, into: PdfDict, copy = (value: PdfObject) => value): void {
  for (const key of INHERITABLE) {
    const value = into.has(key) ? undefined : inheritedAttribute(pdf, page, key);
    if (value !== undefined) into.set(key, copy(value));
  }
}

function boxOf(value: PdfObject | undefined, pdf: PDF): PdfBox | undefined {
  if (!(value instanceof PdfArray) || value.length < 4) return undefined;
  const numbers = value.toArray().slice(0, 4).map((item) => resolved(pdf, item));
  if (!numbers.every((item): item is PdfNumber => item instanceof PdfNumber)) return undefined;
  const [x1, y1, x2, y2] = numbers.map((item) => item.value) as [number, number, number, number];
  if (x1 === x2 || y1 === y2) return undefined;
  return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}

/** The visible area: the CropBox, else the MediaBox, else US Letter (as readers default). */
export function visibleBox(pdf: PDF, page: PdfDict): PdfBox {
  return (
    boxOf(inheritedAttribute(pdf, page, 'CropBox'), pdf) ?? boxOf(inheritedAttribute(pdf, page, 'MediaBox'), pdf) ?? LETTER
  );
}

/** /Rotate as 0, 90, 180 or 270; a value that is no multiple of 90 counts as 0, as pdf.js shows it. */
export function pageRotation(pdf: PDF, page: PdfDict): PageRotation {
  const rotate = inheritedAttribute(pdf, page, 'Rotate');
  const degrees = rotate instanceof PdfNumber ? rotate.value : 0;
  return normalizeRotation(Number.isFinite(degrees) && degrees % 90 === 0 ? degrees : 0);
}

/**
 * The /Resources dictionary the page's content uses, for adding names to: the inherited one when
 * the page has none of its own, a new one on the page when no node of the tree has any.
 */
export function writableResources(pdf: PDF, page: PdfDict): PdfDict {
  const found = inheritedAttribute(pdf, page, 'Resources');
  if (found instanceof PdfDict) return found;
  const created = new PdfDict();
  page.set('Resources', created);
  return created;
}

/** The mapping between display space and PDF space of the 0-based page (`page`, when given, is it). */
export function pageSpaceOf(pdf: PDF, pageIndex: number, page: PDFPage | null = pdf.getPage(pageIndex)): PageSpace {
  if (!page) throw new RangeError(`The document has no page ${pageIndex + 1}.`);
  return createPageSpace(visibleBox(pdf, page.dict), pageRotation(pdf, page.dict));
}
