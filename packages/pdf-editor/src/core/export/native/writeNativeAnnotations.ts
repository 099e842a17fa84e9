// Native export: each annotation becomes a real PDF annotation on its page's /Annots, with an
// appearance stream so every viewer shows it and the standard keys other tools edit, plus a private
// copy of our model so our own import gets it back exactly.
import { PdfArray, type PDF, type PDFPage, type PdfObject } from '@libpdf/core';
import { annotationWriteError } from '../../errors';
import type { PdfValue } from '../../pdf/objects';
import { engineObjects, type ObjectSink } from '../../pdf/objectWriter';
import { resolved } from '../../pdf/pageAttributes';
import type { Annotation } from '../../model/types';
import type { ExportContext } from '../context';
import { pdfKindOf } from '../../kinds/pdfRegistry';
import { AppearanceWriter } from './appearance';
import { standardKeysDigestOfValues } from '../../import/standardKeysDigest';
import { MARGINALIA_DATA_NAME, PrivateCopyWriter } from './marginaliaData';
import { toPdfDate } from './pdfDate';
import { colorComponents, textString } from './pdfValues';

/** /F 4: Print. Without it an annotation is left out when the document is printed. */
const PRINT_FLAG = 4;

/** Adds the annotation to the page's /Annots, in place when the array is the page's own. */
export function addToPage(doc: PDF, page: PDFPage, annotation: PdfObject): void {
  const existing = page.dict.get('Annots');
  const annots = resolved(doc, existing);
  if (annots instanceof PdfArray) annots.push(annotation);
  else page.dict.set('Annots', new PdfArray([annotation]));
}

type Writers = { appearances: AppearanceWriter; privateCopies: PrivateCopyWriter };

async function writeOne(
  doc: PDF,
  objects: ObjectSink,
  writers: Writers,
  page: PDFPage,
  annotation: Annotation,
  context: ExportContext,
): Promise<void> {
  const space = context.pageSpace(annotation.page - 1);
  const kind = pdfKindOf(annotation.type);
  const parts = await kind.write(annotation, { doc, space, context });
  if (!parts) return;
  const pdfRect = parts.pdfRect ?? space.rectToPdf(parts.displayRect);
  const rect = [pdfRect.x, pdfRect.y, pdfRect.x + pdfRect.width, pdfRect.y + pdfRect.height] as const;
  // A NaN would be written as is and make the whole file unreadable.
  if (!rect.every(Number.isFinite)) throw new Error('its position or size is not a finite number');
  const appearance = await writers.appearances.write(parts.frame ?? space, pdfRect, (canvas) => kind.draw(canvas, annotation, context));
  const created = toPdfDate(annotation.createdAt);
  const modified = toPdfDate(annotation.updatedAt);
  const dict: Record<string, PdfValue> = {
    Type: 'Annot',
    Subtype: parts.subtype,
    Rect: [...rect],
    NM: textString(annotation.id),
    F: parts.flags ?? PRINT_FLAG,
    P: page.ref,
    CA: Math.min(1, Math.max(0, annotation.opacity)),
    BS: { Type: 'Border', W: parts.borderWidth, S: 'S' },
    AP: { N: appearance },
  };
  if (parts.color !== undefined) dict.C = colorComponents(parts.color);
  if (parts.contents !== undefined) dict.Contents = textString(parts.contents);
  if (created) dict.CreationDate = textString(created);
  if (modified) dict.M = textString(modified);
  Object.assign(dict, parts.entries);
  dict[MARGINALIA_DATA_NAME] = writers.privateCopies.write(annotation, standardKeysDigestOfValues(dict));
  addToPage(doc, page, objects.add(dict));
}

/**
 * Adds every annotation to its page's /Annots as a native PDF annotation, its objects going to
 * `objects` (by default registered with the engine): rectangle and whiteout
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
  objects: ObjectSink = engineObjects(doc),
): Promise<void> {
  const writers: Writers = { appearances: new AppearanceWriter(objects), privateCopies: new PrivateCopyWriter(objects) };
  for (const annotation of annotations) {
    const page = pageAt(annotation.page - 1);
    try {
      if (!page) throw new RangeError(`page ${annotation.page} does not exist`);
      await writeOne(doc, objects, writers, page, annotation, context);
    } catch (error) {
      throw annotationWriteError(annotation, error);
    }
  }
}
