// What the incremental updates appended after a signature change, by the classes DocMDP speaks of
// (ISO 32000-1, 12.8.2.2): signing and validation data, form filling, annotations, other. Read from
// the objects the updates write, as text: an update's objects sit in plain `N G obj` bodies as
// every incremental writer we know of (ours, the engine's, Acrobat's) writes them.
import type { CertifyPermissions } from './types';

type ChangeClass = 'neutral' | 'validation-data' | 'signing' | 'form-filling' | 'annotations' | 'other';

const OBJECT = /(\d+)\s+(\d+)\s+obj\b([\s\S]*?)(?:\bstream\r?\n[\s\S]*?\bendstream\s*)?endobj/g;
/** Annotation subtypes a DocMDP level 3 allows adding, changing or deleting (all but widgets). */
const MARKUP =
  /\/Subtype\s*\/(Text|Link|FreeText|Line|Square|Circle|Polygon|PolyLine|Highlight|Underline|Squiggly|StrikeOut|Stamp|Caret|Ink|Popup|FileAttachment|Sound|Redact)\b/;

function classify(body: string): ChangeClass {
  // PAdES adds validation data and document timestamps after any certification.
  if (/\/Type\s*\/(DocTimeStamp|DSS|VRI)\b/.test(body) || /\/(VRI|OCSPs|CRLs)\b/.test(body))
    return 'validation-data';
  if (/\/Type\s*\/Sig\b/.test(body) || /\/ByteRange\b/.test(body)) return 'signing';
  if (/\/Subtype\s*\/Widget\b/.test(body)) return /\/FT\s*\/Sig\b/.test(body) ? 'signing' : 'form-filling';
  if (MARKUP.test(body)) return 'annotations';
  if (/\/Type\s*\/ObjStm\b/.test(body)) return 'other';
  // The document's structure (catalog, page tree, pages, AcroForm, xref streams) is rewritten by
  // every update, and a bare stream or resource (appearances, fonts, images, certificates in the
  // DSS) does nothing until something above refers to it.
  return 'neutral';
}

/** The classes of the objects written in `appended` (the bytes after a signed revision). */
export function changeClasses(appended: string): Set<ChangeClass> {
  const found = new Set<ChangeClass>();
  for (const match of appended.matchAll(OBJECT)) {
    const body = match[3] ?? '';
    const kind = classify(body);
    if (kind !== 'neutral') found.add(kind);
  }
  return found;
}

const ALLOWED: Record<CertifyPermissions, ReadonlySet<ChangeClass>> = {
  'no-changes': new Set(['validation-data']),
  'form-filling': new Set(['validation-data', 'signing', 'form-filling']),
  'form-filling-and-annotations': new Set(['validation-data', 'signing', 'form-filling', 'annotations']),
};

/** Whether every class of change in `classes` is one `permissions` allows. */
export function allowedBy(permissions: CertifyPermissions, classes: ReadonlySet<ChangeClass>): boolean {
  return [...classes].every((kind) => ALLOWED[permissions].has(kind));
}

export const PERMISSIONS_OF_P: Record<number, CertifyPermissions> = {
  1: 'no-changes',
  2: 'form-filling',
  3: 'form-filling-and-annotations',
};
