// The visible box of a signature: the drawn image, the signer's name and the date, as a widget
// appearance stream on the page the caller chose; or the box an empty signature field of a form
// already had. The engine signs through an invisible widget (zero /Rect on page 1, the field's old
// widgets taken off their pages), so we place and draw the widget ourselves, in the signed revision.
import {
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  type PDF,
  type PdfObject,
} from '@libpdf/core';
import { InvalidInputError } from '../errors';
import { pageSpaceOf, resolved } from '../pdf/pageAttributes';
import type { SignatureAppearance } from './types';

/** Annotation flags: Print (4) and Locked (128), as signature widgets are written by Acrobat. */
const PRINT_AND_LOCKED = 132;
const PADDING = 2;
const LINE_GAP = 1.2;
/** Helvetica's widest common glyphs are about 0.6 em; shrinking to this keeps lines inside the box. */
const AVERAGE_EM_WIDTH = 0.56;

export function defaultAppearanceText(commonName: string | null, signingTime: Date): string {
  const date = signingTime.toISOString().replace('T', ' ').slice(0, 16);
  return `Digitally signed by ${commonName ?? 'unknown signer'}\nDate: ${date} UTC`;
}

/** A PDF literal string of `text` in WinAnsi (Latin-1 here); characters outside it become `?`. */
function literal(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    const byte = code < 32 || code > 255 ? 63 : code;
    out +=
      byte === 40 || byte === 41 || byte === 92
        ? `\\${char}`
        : byte > 126
          ? `\\${byte.toString(8).padStart(3, '0')}`
          : String.fromCharCode(byte);
  }
  return `(${out})`;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8;
}

export function checkAppearance(appearance: SignatureAppearance, pageCount: number): void {
  const { page, rect, image } = appearance;
  if (!Number.isInteger(page) || page < 1 || page > pageCount) {
    throw new InvalidInputError(
      'appearance.page',
      `must be a page number from 1 to ${pageCount}, got ${String(page)}`,
    );
  }
  const numbers = [rect.x, rect.y, rect.width, rect.height];
  if (!numbers.every(Number.isFinite) || rect.width <= 0 || rect.height <= 0) {
    throw new InvalidInputError(
      'appearance.rect',
      'must have finite x and y and a positive width and height',
    );
  }
  if (image !== undefined && !(image instanceof Uint8Array && (isPng(image) || isJpeg(image)))) {
    throw new InvalidInputError('appearance.image', 'must be PNG or JPEG bytes');
  }
}

/** The content stream of a `width` × `height` box (as displayed): image at the left, lines at the right. */
function drawBox(
  width: number,
  height: number,
  lines: string[],
  image: { width: number; height: number } | undefined,
): string {
  const ops: string[] = [];
  const textLeft = image && lines.length > 0 ? width / 2 : 0;
  if (image) {
    const room = {
      width: (lines.length > 0 ? width / 2 : width) - 2 * PADDING,
      height: height - 2 * PADDING,
    };
    const scale = Math.min(room.width / image.width, room.height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    const x = PADDING + (room.width - w) / 2;
    const y = PADDING + (room.height - h) / 2;
    ops.push(`q ${w.toFixed(3)} 0 0 ${h.toFixed(3)} ${x.toFixed(3)} ${y.toFixed(3)} cm /Img Do Q`);
  }
  if (lines.length > 0) {
    const room = { width: width - textLeft - 2 * PADDING, height: height - 2 * PADDING };
    const longest = Math.max(...lines.map((line) => line.length), 1);
    const size = Math.max(
      1,
      Math.min(room.height / (lines.length * LINE_GAP), room.width / (longest * AVERAGE_EM_WIDTH)),
    );
    ops.push('BT', '0 g', `/Helv ${size.toFixed(3)} Tf`);
    const top = height - PADDING - size;
    lines.forEach((line, index) => {
      const y = top - index * size * LINE_GAP;
      ops.push(`1 0 0 1 ${(textLeft + PADDING).toFixed(3)} ${y.toFixed(3)} Tm ${literal(line)} Tj`);
    });
    ops.push('ET');
  }
  return ops.join('\n');
}

/**
 * Turns the engine's invisible signature widget `field` into a visible one: its /Rect, page and
 * appearance, and lists it in the page's /Annots.
 */
export function placeAppearance(
  pdf: PDF,
  fieldRef: PdfRef,
  field: PdfDict,
  appearance: SignatureAppearance,
  text: string,
): void {
  const pageIndex = appearance.page - 1;
  const page = pdf.getPage(pageIndex);
  if (!page?.ref)
    throw new InvalidInputError('appearance.page', `the document has no page ${appearance.page}`);
  const space = pageSpaceOf(pdf, pageIndex, page);
  const onPdf = space.rectToPdf(appearance.rect);
  const turned = space.rotation === 90 || space.rotation === 270;
  // The box as displayed; the form matrix turns it back with the page, so it reads upright.
  const width = turned ? onPdf.height : onPdf.width;
  const height = turned ? onPdf.width : onPdf.height;
  const lines = text === '' ? [] : text.split('\n');
  const image = appearance.image ? pdf.embedImage(appearance.image) : undefined;
  const radians = (space.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
  const resources = PdfDict.of({
    Font: PdfDict.of({
      Helv: PdfDict.of({
        Type: PdfName.of('Font'),
        Subtype: PdfName.of('Type1'),
        BaseFont: PdfName.of('Helvetica'),
        Encoding: PdfName.of('WinAnsiEncoding'),
      }),
    }),
  });
  if (image) resources.set('XObject', PdfDict.of({ Img: image.ref }));
  const stream = new PdfStream(
    PdfDict.of({
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(width), PdfNumber.of(height)),
      Matrix: PdfArray.of(...[cos, sin, -sin, cos, 0, 0].map((value) => PdfNumber.of(value))),
      Resources: resources,
    }),
    new TextEncoder().encode(drawBox(width, height, lines, image)),
  );
  const rect = [onPdf.x, onPdf.y, onPdf.x + onPdf.width, onPdf.y + onPdf.height];
  field.set('Rect', PdfArray.of(...rect.map((value) => PdfNumber.of(value))));
  field.set('P', page.ref);
  field.set('F', PdfNumber.of(PRINT_AND_LOCKED));
  field.set('AP', PdfDict.of({ N: pdf.register(stream) }));
  listOnPage(pdf, page.dict, fieldRef);
}

/** The box an unsigned signature field already shows: its widget's place and appearance. */
export interface ExistingBox {
  rect: PdfObject;
  page: PdfRef;
  appearance: PdfObject;
}

/**
 * The visible box of the unsigned signature field `name` (the field itself or its first widget),
 * read before the engine signs into it: the engine merges field and widget into one invisible
 * widget and takes the old one off its page, so the box is put back after (see `restoreBox`).
 */
export function existingBox(pdf: PDF, name: string): ExistingBox | undefined {
  const field = pdf.getForm()?.getField(name);
  if (!field || field.type !== 'signature') return undefined;
  const dict = field.getDict();
  const kids = resolved(pdf, dict.get('Kids'));
  const first = kids instanceof PdfArray ? resolved(pdf, kids.at(0)) : undefined;
  const widget = first instanceof PdfDict ? first : dict;
  const rect = widget.get('Rect');
  const page = widget.get('P');
  const appearance = widget.get('AP');
  if (!rect || !(page instanceof PdfRef) || !appearance) return undefined;
  return { rect, page, appearance };
}

/** Puts `box` back on the engine's merged signature widget `field` and lists it on its page. */
export function restoreBox(pdf: PDF, fieldRef: PdfRef, field: PdfDict, box: ExistingBox): void {
  const page = resolved(pdf, box.page);
  if (!(page instanceof PdfDict)) return;
  field.set('Rect', box.rect);
  field.set('P', box.page);
  field.set('AP', box.appearance);
  field.set('F', PdfNumber.of(PRINT_AND_LOCKED));
  listOnPage(pdf, page, fieldRef);
}

function listOnPage(pdf: PDF, page: PdfDict, ref: PdfRef): void {
  const annots = resolved(pdf, page.get('Annots'));
  if (annots instanceof PdfArray) annots.push(ref);
  else page.set('Annots', PdfArray.of(ref));
}
