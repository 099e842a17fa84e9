// Reads the annotations of a PDF back into the editor's model, as the file says now: those we
// wrote come back exactly from the private copy of our model while their standard keys are still
// the ones we wrote; everything else (other tools' annotations, ours once another tool edited
// them) is rebuilt from the standard keys. Only annotations a page's /Annots lists are read, so
// orphans that merely point at a page (/P) stay out, and so do annotations another tool deleted.
// Subtypes the model has no type for (FileAttachment, Widget, Link, Popup, ...) are left alone.
// Reply annotations (/IRT) become the thread of the annotation they answer (threads/pdf.ts).
import { PdfArray, PdfDict, PdfRef, type PDF } from '../pdf/engine';
import { PdfEmptyError } from '../errors';
import { nativeReader } from '../kinds/pdfRegistry';
import { checkBytes, checkOptional, checkOptions } from '../input';
import type { Annotation } from '../model/types';
import { openPdf, readingEngine } from '../pdf/openPdf';
import { pageSpaceOf } from '../pdf/pageAttributes';
import type { PdfSource } from '../pdf/source';
import { baseFields } from './keysCopy';
import { createDictReader, readName, type DictReader } from './pdfReaders';
import { readPrivateCopy } from './privateCopy';
import { entryKey, readReply, replyTarget, ThreadCollector } from '../threads/pdf';
import type { ReadEnv } from './readerTypes';

/** Subtypes that are not annotations a user draws (a Watermark is the free version's): skipped without a word. */
const SILENTLY_IGNORED = new Set(['Widget', 'Link', 'Popup', 'Watermark']);

/** Options of `importAnnotations`. */
export interface ImportOptions {
  /** Annotations skipped (unsupported subtype, missing geometry, undecodable stamp image), one message each. */
  onWarning?: (message: string) => void;
  /** The password of a file that needs one to open; files with an empty user password need none. */
  password?: string;
}

/** Reads a page's annotation dictionaries ahead of the engine (pdf/objectPreload.ts), when it can. */
type Preload = (refs: Iterable<PdfRef>) => void;

async function readPage(
  pdf: PDF,
  preload: Preload | undefined,
  read: DictReader,
  pageIndex: number,
  threads: ThreadCollector,
  warn: (message: string) => void,
): Promise<Annotation[]> {
  const page = readingEngine(() => pdf.getPage(pageIndex));
  const annots = page ? read.lookup(page.dict, 'Annots') : undefined;
  if (!page || !(annots instanceof PdfArray)) return [];
  preload?.(refsOf(annots));
  const pageNumber = pageIndex + 1;
  const space = pageSpaceOf(pdf, pageIndex);
  const result: Annotation[] = [];
  for (let index = 0; index < annots.length; index++) {
    const dict = read.item(annots, index);
    if (!(dict instanceof PdfDict)) continue;
    const key = entryKey(annots.at(index));
    const target = replyTarget(read, dict);
    if (target !== undefined) {
      threads.reply(key, target, readReply(read, dict, pageNumber), pageNumber);
      continue;
    }
    const subtype = readName(read, dict, 'Subtype') ?? 'unknown';
    const reader = nativeReader(subtype);
    if (!reader) {
      if (!SILENTLY_IGNORED.has(subtype)) warn(`A ${subtype} annotation on page ${pageNumber} is not a supported type; skipped.`);
      continue;
    }
    try {
      const copy = readPrivateCopy(pdf, read, dict, space, pageNumber);
      // A promise only when the kind's reader waits for something: no microtask for the others.
      const ours = copy instanceof Promise ? await copy : copy;
      let annotations: Annotation[];
      if (ours) annotations = [{ ...ours, page: pageNumber }];
      else {
        const base = baseFields(read, dict, pageNumber);
        const env: ReadEnv = { dict, read, space, base, label: `The ${subtype} annotation ${base.id} on page ${pageNumber}`, warn };
        annotations = await reader(env);
      }
      // Replies to a dictionary read as several annotations (ink strokes) join the first one's thread.
      if (annotations[0]) threads.annotation(key, annotations[0]);
      result.push(...annotations);
    } catch (error) {
      // A damaged dictionary or stream of one annotation must not cost the others.
      const detail = error instanceof Error ? error.message : String(error);
      warn(`A ${subtype} annotation on page ${pageNumber} could not be read (${detail}); skipped.`);
    }
  }
  return result;
}

function* refsOf(array: PdfArray): Iterable<PdfRef> {
  for (let index = 0; index < array.length; index++) {
    const item = array.at(index);
    if (item instanceof PdfRef) yield item;
  }
}

/**
 * The annotations of every page, in page order and /Annots order, positioned in display space
 * (each page's /Rotate and CropBox applied). Damaged files are repaired as readers do; files
 * encrypted with an empty user password open without one. Throws `PdfPasswordError` when the
 * file needs a password that was not given or is wrong, and `PdfInvalidError` for bytes that are
 * not a readable PDF; a document without pages has nothing to import and gives an empty list.
 * Throws `InvalidInputError` naming the argument when `source` is not bytes or an option has a
 * wrong type (`options.password`).
 */
export async function importAnnotations(source: PdfSource, options: ImportOptions = {}): Promise<Annotation[]> {
  checkBytes(source, 'source');
  const { onWarning, password } = checkOptions(options);
  checkOptional(onWarning, 'options.onWarning', 'function');
  checkOptional(password, 'options.password', 'string');
  let pdf: PDF;
  let loadedFrom: Uint8Array | undefined;
  try {
    ({ pdf, loadedFrom } = await openPdf(source, options.password === undefined ? {} : { password: options.password }));
  } catch (error) {
    if (error instanceof PdfEmptyError) return [];
    throw error;
  }
  const read = createDictReader(pdf);
  let preload: Preload | undefined;
  if (loadedFrom) {
    // Loaded on demand: a host that only renders or edits never fetches the import's parser.
    const { preloadObjects } = await import('../pdf/objectPreload');
    const bytes = loadedFrom;
    preload = (refs) => preloadObjects(pdf, bytes, refs);
  }
  const warn = (message: string) => options.onWarning?.(message);
  const annotations: Annotation[] = [];
  const threads = new ThreadCollector();
  const pageCount = readingEngine(() => pdf.getPageCount());
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
    annotations.push(...(await readPage(pdf, preload, read, pageIndex, threads, warn)));
  }
  return threads.attach(annotations, warn);
}
