// Cross-reference streams that give objects inside an object stream at positions holding other
// objects. bug1978317.pdf's object stream holds 65,542 objects while its xref stream gives each
// position two bytes, so positions past 65,535 wrapped around: its page (object 2) is listed at
// position 4, where object 10, an annotation, sits. pdf.js and qpdf go by the object numbers the
// object stream lists itself; the engine goes by the position and finds no page.
//
// The fix is an update appended to the file: an xref stream giving those objects the positions
// their object stream lists, wide enough to hold them, chained to the original. The engine then
// reads the file as readers do, and the original bytes stay as they are, so an export is still
// an update appended to them rather than a rewrite of every object.
import { PdfNumber, PdfRef, PdfStream, type PDF } from '@libpdf/core';
import { ascii, concat, highestListedObjectNumber, idEntry, latin1, xrefStreamRows, xrefStreamSection, type XrefRow } from './update';

/** The object numbers an object stream lists, by position (its header: pairs of number and offset). */
function listedObjects(pdf: PDF, stream: number): number[] | undefined {
  const objects = pdf.getObject(PdfRef.of(stream, 0));
  const first = objects instanceof PdfStream ? objects.get('First') : undefined;
  if (!(objects instanceof PdfStream) || !(first instanceof PdfNumber)) return undefined;
  const header = latin1.decode(objects.getDecodedData().subarray(0, first.value)).trim().split(/\s+/);
  return header.filter((_, i) => i % 2 === 0).map(Number);
}

/**
 * The compressed entries of the xref stream `xref` whose position holds another object, as rows
 * giving the position their object stream lists.
 */
function misplacedEntries(pdf: PDF, xref: PdfStream): XrefRow[] {
  const listed = new Map<number, number[] | undefined>();
  const misplaced: XrefRow[] = [];
  for (const [objectNumber, type, stream, position] of xrefStreamRows(xref)?.rows ?? []) {
    if (type !== 2) continue;
    if (!listed.has(stream)) listed.set(stream, listedObjects(pdf, stream));
    const objects = listed.get(stream);
    if (!objects || objects[position] === objectNumber) continue;
    const actual = objects.indexOf(objectNumber);
    if (actual >= 0) misplaced.push([objectNumber, 2, stream, actual]);
  }
  return misplaced;
}

/**
 * `bytes` with the corrected xref stream appended (see above); undefined when the newest section
 * is not an unencrypted xref stream or gives every object where its object stream lists it.
 */
export function withObjectStreamPositionsFixed(bytes: Uint8Array, pdf: PDF): Uint8Array | undefined {
  const text = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const xrefAt = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(text)?.[1]);
  const head = Number.isInteger(xrefAt)
    ? /^(\d+)\s+(\d+)\s+obj/.exec(latin1.decode(bytes.subarray(xrefAt, xrefAt + 32)))
    : null;
  const xref = head ? pdf.getObject(PdfRef.of(Number(head[1]), Number(head[2]))) : null;
  if (!(xref instanceof PdfStream) || xref.getName('Type')?.value !== 'XRef' || xref.has('Encrypt'))
    return undefined;
  const size = xref.get('Size');
  if (!(size instanceof PdfNumber)) return undefined;
  const misplaced = misplacedEntries(pdf, xref);
  if (misplaced.length === 0) return undefined;

  const start = latin1.decode(bytes.subarray(xrefAt, xrefAt + 4096));
  const dictionary = start.slice(0, start.indexOf('stream'));
  const carried = ['Root', 'Info'].map(
    (key) => new RegExp(`/${key}\\s+\\d+\\s+\\d+\\s+R`).exec(dictionary)?.[0],
  );
  if (!carried[0]) return undefined;
  // Numbered after every object the file lists (its /Size may be too small), so it replaces none.
  const number = Math.max(size.value, highestListedObjectNumber(bytes, xrefAt) + 1);
  const separator = bytes[bytes.length - 1] === 0x0a ? '' : '\n';
  const entries = [`/Size ${number + 1}`, ...carried, idEntry(dictionary), `/Prev ${xrefAt}`].filter(Boolean).join(' ');
  const offset = bytes.length + separator.length;
  return concat([bytes, ascii(separator), xrefStreamSection(misplaced, [1, 4, 4], entries, number, offset)]);
}
