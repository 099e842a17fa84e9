// Native export: each annotation becomes a real PDF annotation on its page's /Annots, with an
// appearance stream so every viewer shows it and the standard keys other tools edit, plus a private
// copy of what those keys cannot carry so our own import gets it back exactly: a short string in the
// dictionary (format 5, import/keysCopy.ts), or for an annotation with an image, the whole model
// in its page's stream (format 4, marginaliaData.ts). Its thread follows it as reply annotations
// (threads/pdf.ts), which the private copy leaves out.
import type { PDF, PDFPage, PdfString } from '../../pdf/engine';
import { annotationWriteError } from '../../errors';
import type { PdfValue } from '../../pdf/objects';
import { engineObjects, type ObjectRef, type ObjectSink } from '../../pdf/objectWriter';
import type { Annotation } from '../../model/types';
import type { ExportContext } from '../context';
import { pdfKindOf } from '../../kinds/pdfRegistry';
import { AppearanceWriter } from './appearance';
import { snapStandardKeys, standardKeysDigestOfValues } from '../../import/standardKeysDigest';
import { keysCopyOf, PlainDict, plainReader, rebuildFromKeys } from '../../import/keysCopy';
import { keysCopyString, MARGINALIA_DATA_NAME, PrivateCopyWriter } from './marginaliaData';
import { toPdfDate } from './pdfDate';
import { whenReady } from './nativeTypes';
import { colorComponents, textString } from './pdfValues';
import { writeReplies } from '../../threads/pdf';
import { withoutThread, type Reply } from '../../threads/thread';

/** /F 4: Print. Without it an annotation is left out when the document is printed. */
const PRINT_FLAG = 4;

type Writers = { appearances: AppearanceWriter; privateCopies: PrivateCopyWriter; dates: DateStrings };

/**
 * PDF date strings by ISO timestamp, for one export: its annotations mostly share a few creation
 * and modification times, and each string is two objects to build.
 */
class DateStrings {
  private readonly byIso = new Map<string, PdfString | undefined>();

  of(iso: string): PdfString | undefined {
    if (this.byIso.has(iso)) return this.byIso.get(iso);
    const date = toPdfDate(iso);
    const text = date === undefined ? undefined : textString(date);
    this.byIso.set(iso, text);
    return text;
  }
}

/** An annotation `writeOne` wrote, for its page's /Annots: its dictionary, /Rect and thread. */
interface Written {
  page: PDFPage;
  ref: ObjectRef;
  rect: readonly number[];
  replies: readonly Reply[] | undefined;
}

/**
 * Writes one annotation's objects; a promise only when its kind waits for something (text layout,
 * an image), so the others queue no microtask: three hops an annotation cost about 6% of a
 * thousand-annotation export. Undefined when its kind writes nothing for it.
 */
function writeOne(
  doc: PDF,
  objects: ObjectSink,
  writers: Writers,
  page: PDFPage,
  annotation: Annotation,
  context: ExportContext,
): Promise<Written | undefined> | Written | undefined {
  const space = context.pageSpace(annotation.page - 1);
  const kind = pdfKindOf(annotation.type);
  return whenReady(kind.write(annotation, { doc, space, context }), (parts) => {
    if (!parts) return;
    const pdfRect = parts.pdfRect ?? space.rectToPdf(parts.displayRect);
    const rect = [pdfRect.x, pdfRect.y, pdfRect.x + pdfRect.width, pdfRect.y + pdfRect.height] as const;
    // A NaN would be written as is and make the whole file unreadable.
    if (!rect.every(Number.isFinite)) throw new Error('its position or size is not a finite number');
    const drawn = writers.appearances.write(parts.frame ?? space, pdfRect, (canvas) => kind.draw(canvas, annotation, context));
    return whenReady(drawn, (appearance) => {
      const created = writers.dates.of(annotation.createdAt);
      const modified = writers.dates.of(annotation.updatedAt);
      const dict: Record<string, PdfValue> = {
        Type: 'Annot',
        Subtype: parts.subtype,
        Rect: rect,
        NM: textString(annotation.id),
        F: parts.flags ?? PRINT_FLAG,
        P: page.ref,
        // /Type /Border and a solid /S are the defaults.
        BS: { W: parts.borderWidth },
        AP: { N: appearance },
      };
      // /CA 1 is the default, and /CreationDate the same date as /M says nothing more (import takes
      // either for both): bytes every annotation paid. The private copy keeps what they leave out.
      const opacity = Math.min(1, Math.max(0, annotation.opacity));
      if (opacity !== 1) dict.CA = opacity;
      if (parts.color !== undefined) dict.C = colorComponents(parts.color);
      if (parts.contents !== undefined) dict.Contents = textString(parts.contents);
      if (annotation.author !== undefined) dict.T = textString(annotation.author);
      // One string for one timestamp (`DateStrings`): most annotations were never edited, and
      // decoding both strings to compare them cost 2% of an export.
      if (created && created !== modified && created.asString() !== modified?.asString()) dict.CreationDate = created;
      if (modified) dict.M = modified;
      Object.assign(dict, parts.entries);
      // On the digest's grid, so a re-save by another tool that prints numbers its own way keeps them on it.
      snapStandardKeys(dict);
      const digest = standardKeysDigestOfValues(dict);
      const finish = (copy: PdfValue): Written => {
        dict[MARGINALIA_DATA_NAME] = copy;
        return { page, ref: objects.add(dict), rect, replies };
      };
      // The thread goes into reply annotations of their own (`writeNativeAnnotations`).
      const { replies } = annotation;
      const model = replies ? withoutThread(annotation) : annotation;
      // An image's bytes are already in its appearance, which a rebuild does not read.
      if ('imageData' in model) return finish(writers.privateCopies.write(model, digest));
      // The copy gives the annotation back by construction (keysCopy.ts); a subtype whose reader
      // gives no single annotation keeps the whole model.
      return whenReady(rebuildFromKeys(plainReader, new PlainDict(dict), space, annotation.page), (rebuilt) =>
        finish(rebuilt ? keysCopyString(keysCopyOf(model, rebuilt, digest)) : writers.privateCopies.write(model, digest)),
      );
    });
  });
}

/**
 * The most objects `writeNativeAnnotations` adds to a sink for `annotations`: a dictionary and an
 * appearance per annotation, a dictionary per reply of its thread, a private-copy stream per page
 * with an image (format 4; the others' copies sit in their dictionaries), and a stream per distinct
 * image. Numbers reserved and left unused each cost a free entry in the cross-reference section
 * (20 bytes).
 */
export function nativeObjectCount(annotations: readonly Annotation[]): number {
  // At most one page stream and one image stream for each annotation with an image.
  let count = 2 * annotations.length;
  for (const annotation of annotations) count += ('imageData' in annotation ? 2 : 0) + (annotation.replies?.length ?? 0);
  return count;
}

/**
 * Adds every annotation to its page's /Annots as a native PDF annotation, its objects going to
 * `objects` (by default registered with the engine): rectangle and whiteout
 * as /Square, circle as /Circle, arrow as /Line, freehand as /Ink, polygon and polyline as
 * /Polygon and /PolyLine, the text markups as /Highlight,
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
  const writers: Writers = {
    appearances: new AppearanceWriter(objects),
    privateCopies: new PrivateCopyWriter(objects),
    dates: new DateStrings(),
  };
  // Written kind by kind, then added to their pages' /Annots in the order given (which is the
  // order viewers paint them in): one kind after another keeps the processor on one path through
  // the drawers, digests and readers, where a mixed list switched path at every annotation (a
  // thousand annotations of nine kinds took 5% to 11% longer mixed than grouped).
  const written: (Written | undefined)[] = [];
  for (const index of indicesByKind(annotations)) {
    const annotation = annotations[index] as Annotation;
    const page = pageAt(annotation.page - 1);
    try {
      if (!page) throw new RangeError(`page ${annotation.page} does not exist`);
      const writing = writeOne(doc, objects, writers, page, annotation, context);
      written[index] = writing instanceof Promise ? await writing : writing;
    } catch (error) {
      throw annotationWriteError(annotation, error);
    }
  }
  const date = (iso: string) => writers.dates.of(iso);
  for (const one of written) {
    if (!one) continue;
    objects.annotate(one.page, one.ref);
    // The thread is written as reply annotations of their own, which import reads back into it.
    if (one.replies) writeReplies(objects, one.page, one.ref, one.rect, one.replies, date);
  }
  writers.privateCopies.finish();
  objects.close();
}

/** The indices of `annotations`, those of one type together, types in the order they first come. */
function indicesByKind(annotations: readonly Annotation[]): number[] {
  const byType = new Map<string, number[]>();
  annotations.forEach((annotation, index) => {
    const indices = byType.get(annotation.type);
    if (indices) indices.push(index);
    else byType.set(annotation.type, [index]);
  });
  return [...byType.values()].flat();
}
