// Native export: each annotation becomes a real PDF annotation on its page's /Annots, with an
// appearance stream so every viewer shows it and the standard keys other tools edit, plus a private
// copy of our model so our own import gets it back exactly.
import { PdfArray, PdfDict, PdfString, type PDF, type PDFPage, type PdfObject } from '@libpdf/core';
import { annotationWriteError } from '../../errors';
import { pdfDict, pdfValue } from '../../pdf/objects';
import { resolved } from '../../pdf/pageAttributes';
import type { Annotation } from '../../model/types';
import type { ExportContext } from '../context';
import { AppearanceBuilder } from './appearance';
import { writeFreeText } from './freeText';
import { standardKeysDigest } from '../../import/standardKeysDigest';
import { MARGINALIA_DATA_NAME, writeMarginaliaData } from './marginaliaData';
import { writeMarkup } from './markup';
import type { NativeParts, WriterEnv } from './nativeTypes';
import { writeNote } from './note';
import { toPdfDate } from './pdfDate';
import { colorComponents, textString } from './pdfValues';
import { writeCircle, writeRectangle, writeWhiteout } from './shapes';
import { writeStamp } from './stamp';
import { writeArrow, writeFreehand } from './strokes';

/** /F 4: Print. Without it an annotation is left out when the document is printed. */
const PRINT_FLAG = 4;

function writeParts(annotation: Annotation, env: WriterEnv): Promise<NativeParts | undefined> {
  switch (annotation.type) {
    case 'rectangle':
      return writeRectangle(annotation, env);
    case 'whiteout':
      return writeWhiteout(annotation, env);
    case 'circle':
      return writeCircle(annotation, env);
    case 'arrow':
      return writeArrow(annotation, env);
    case 'freehand':
      return writeFreehand(annotation, env);
    case 'highlight':
    case 'strikethrough':
    case 'underline':
      return writeMarkup(annotation, env);
    case 'text':
      return writeFreeText(annotation, env);
    case 'image':
    case 'signature':
      return writeStamp(annotation, env);
    case 'comment':
      return writeNote(annotation, env);
  }
}

/** Adds the annotation to the page's /Annots, in place when the array is the page's own. */
export function addToPage(doc: PDF, page: PDFPage, annotation: PdfObject): void {
  const existing = page.dict.get('Annots');
  const annots = resolved(doc, existing);
  if (annots instanceof PdfArray) annots.push(annotation);
  else page.dict.set('Annots', new PdfArray([annotation]));
}

async function writeOne(doc: PDF, page: PDFPage, annotation: Annotation, context: ExportContext): Promise<void> {
  const space = context.pageSpace(annotation.page - 1);
  const appearance = new AppearanceBuilder(doc, space);
  const parts = await writeParts(annotation, { doc, space, context, appearance });
  if (!parts) return;
  const pdfRect = parts.pdfRect ?? space.rectToPdf(parts.displayRect);
  const rect = [pdfRect.x, pdfRect.y, pdfRect.x + pdfRect.width, pdfRect.y + pdfRect.height] as const;
  // A NaN would be written as is and make the whole file unreadable.
  if (!rect.every(Number.isFinite)) throw new Error('its position or size is not a finite number');
  const dict: PdfDict = pdfDict({
    Type: 'Annot',
    Subtype: parts.subtype,
    Rect: [...rect],
    NM: textString(annotation.id),
    F: parts.flags ?? PRINT_FLAG,
    P: page.ref,
    CA: Math.min(1, Math.max(0, annotation.opacity)),
    BS: { Type: 'Border', W: parts.borderWidth, S: 'S' },
    AP: { N: appearance.register(pdfRect) },
  });
  if (parts.color !== undefined) dict.set('C', pdfValue(colorComponents(parts.color)));
  if (parts.contents !== undefined) dict.set('Contents', textString(parts.contents));
  const created = toPdfDate(annotation.createdAt);
  const modified = toPdfDate(annotation.updatedAt);
  if (created) dict.set('CreationDate', PdfString.fromString(created));
  if (modified) dict.set('M', PdfString.fromString(modified));
  for (const [key, value] of Object.entries(parts.entries)) dict.set(key, value);
  dict.set(MARGINALIA_DATA_NAME, writeMarginaliaData(doc, annotation, rect, standardKeysDigest(doc, dict)));
  addToPage(doc, page, doc.register(dict));
}

/**
 * Adds every annotation to its page's /Annots as a native PDF annotation: rectangle and whiteout
 * as /Square, circle as /Circle, arrow as /Line, freehand as /Ink, the text markups as /Highlight,
 * /StrikeOut and /Underline, text as /FreeText, image and signature as /Stamp, comment as /Text.
 * The caller passes only annotations on existing pages; `pageAt` finds them (by default in the
 * document's own page list). What a rule of the product skips (an image without data, a stroke
 * without points) is reported through the context; anything
 * else that cannot be written fails the export with `AnnotationExportError` naming the annotation.
 */
export async function writeNativeAnnotations(
  doc: PDF,
  annotations: readonly Annotation[],
  context: ExportContext,
  pageAt: (pageIndex: number) => PDFPage | undefined = (pageIndex) => doc.getPage(pageIndex) ?? undefined,
): Promise<void> {
  for (const annotation of annotations) {
    const page = pageAt(annotation.page - 1);
    try {
      if (!page) throw new RangeError(`page ${annotation.page} does not exist`);
      await writeOne(doc, page, annotation, context);
    } catch (error) {
      throw annotationWriteError(annotation, error);
    }
  }
}
