// Native export: each annotation becomes a real PDF annotation on its page's /Annots, with an
// appearance stream so every viewer shows it and the standard keys other tools edit, plus a private
// copy of our model so our own import gets it back exactly.
import { PDFName, PDFString, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { Annotation } from '../../model/types';
import type { ExportContext } from '../context';
import { AppearanceBuilder } from './appearance';
import { writeFreeText } from './freeText';
import { MARGINALIA_DATA_KEY, writeMarginaliaData } from './marginaliaData';
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

async function writeOne(doc: PDFDocument, page: PDFPage, annotation: Annotation, context: ExportContext): Promise<void> {
  const space = context.pageSpace(annotation.page - 1);
  const appearance = new AppearanceBuilder(doc, space);
  const parts = await writeParts(annotation, { doc, space, context, appearance });
  if (!parts) return;
  const pdfRect = parts.pdfRect ?? space.rectToPdf(parts.displayRect);
  const rect = [pdfRect.x, pdfRect.y, pdfRect.x + pdfRect.width, pdfRect.y + pdfRect.height] as const;
  const dict = doc.context.obj({
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
  const set = (key: string, value: Parameters<typeof dict.set>[1]) => dict.set(PDFName.of(key), value);
  if (parts.color !== undefined) set('C', doc.context.obj(colorComponents(parts.color)));
  if (parts.contents !== undefined) set('Contents', textString(parts.contents));
  const created = toPdfDate(annotation.createdAt);
  const modified = toPdfDate(annotation.updatedAt);
  if (created) set('CreationDate', PDFString.of(created));
  if (modified) set('M', PDFString.of(modified));
  for (const [key, value] of Object.entries(parts.entries)) set(key, value);
  dict.set(MARGINALIA_DATA_KEY, writeMarginaliaData(doc, annotation, rect));
  page.node.addAnnot(doc.context.register(dict));
}

/**
 * Adds every annotation to its page's /Annots as a native PDF annotation: rectangle and whiteout
 * as /Square, circle as /Circle, arrow as /Line, freehand as /Ink, the text markups as /Highlight,
 * /StrikeOut and /Underline, text as /FreeText, image and signature as /Stamp, comment as /Text.
 * Annotations on pages the document lacks, or that cannot be drawn, are skipped with a warning.
 */
export async function writeNativeAnnotations(
  doc: PDFDocument,
  annotations: readonly Annotation[],
  context: ExportContext,
): Promise<void> {
  const pages = doc.getPages();
  for (const annotation of annotations) {
    const page = pages[annotation.page - 1];
    if (!page) {
      context.warn(`Annotation ${annotation.id} is on page ${annotation.page}, which does not exist; skipped.`);
      continue;
    }
    try {
      await writeOne(doc, page, annotation, context);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      context.warn(`The ${annotation.type} annotation ${annotation.id} could not be written (${detail}); skipped.`);
    }
  }
}
