// Reads the annotations of a PDF back into the editor's model: those we wrote (exactly, from the
// private copy of our model, while their /Rect is unchanged) and those of other tools (rebuilt from
// the standard keys). Only annotations a page's /Annots lists are read, so orphans that merely
// point at a page (/P) stay out. Subtypes the model has no type for (Polygon, Caret, Widget, Link,
// Popup, ...) are left alone.
import { nanoid } from 'nanoid';
import { PDFDict, type PDFDocument } from 'pdf-lib';
import { PdfEmptyError } from '../errors';
import { pageSpaceOf } from '../export/createExportContext';
import { readMarginaliaData } from '../export/native/marginaliaData';
import { fromPdfDate } from '../export/native/pdfDate';
import type { Annotation } from '../model/types';
import { loadPdf, type PdfSource } from '../pdf/loadPdf';
import { readBorderWidth, readColor, readName, readNumber, readText } from './pdfReaders';
import type { AnnotationReader, BaseFields, ReadEnv } from './readerTypes';
import { readFreeText } from './readFreeText';
import { readMarkup } from './readMarkup';
import { readNote } from './readNote';
import { readCircle, readInk, readLine, readSquare } from './readShapes';
import { readStamp } from './readStamp';

const READERS: Record<string, AnnotationReader> = {
  Square: readSquare,
  Circle: readCircle,
  Line: readLine,
  Ink: readInk,
  Highlight: readMarkup('highlight'),
  StrikeOut: readMarkup('strikethrough'),
  Underline: readMarkup('underline'),
  FreeText: readFreeText,
  Text: readNote,
  Stamp: readStamp,
};

/** Subtypes that are not annotations a user draws: skipped without a word. */
const SILENTLY_IGNORED = new Set(['Widget', 'Link', 'Popup']);

/** Options of `importAnnotations`. */
export interface ImportOptions {
  /** Annotations skipped (unsupported subtype, missing geometry, undecodable stamp image), one message each. */
  onWarning?: (message: string) => void;
}

function baseFields(dict: PDFDict, pageNumber: number): BaseFields {
  const created = fromPdfDate(readText(dict, 'CreationDate') ?? '');
  const modified = fromPdfDate(readText(dict, 'M') ?? '');
  const fallback = new Date().toISOString();
  const opacity = readNumber(dict, 'CA');
  const id = readText(dict, 'NM')?.trim();
  return {
    id: id ? id : nanoid(),
    page: pageNumber,
    color: readColor(dict, 'C'),
    opacity: opacity === undefined ? undefined : Math.min(1, Math.max(0, opacity)),
    strokeWidth: readBorderWidth(dict),
    createdAt: created ?? modified ?? fallback,
    updatedAt: modified ?? created ?? fallback,
  };
}

async function readPage(doc: PDFDocument, pageIndex: number, warn: (message: string) => void): Promise<Annotation[]> {
  const annots = doc.getPage(pageIndex).node.Annots();
  if (!annots) return [];
  const pageNumber = pageIndex + 1;
  const space = pageSpaceOf(doc, pageIndex);
  const result: Annotation[] = [];
  for (let index = 0; index < annots.size(); index++) {
    const dict = annots.lookup(index);
    if (!(dict instanceof PDFDict)) continue;
    const subtype = readName(dict, 'Subtype') ?? 'unknown';
    const reader = READERS[subtype];
    if (!reader) {
      if (!SILENTLY_IGNORED.has(subtype)) warn(`A ${subtype} annotation on page ${pageNumber} is not a supported type; skipped.`);
      continue;
    }
    const ours = readMarginaliaData(dict);
    if (ours) {
      result.push({ ...ours, page: pageNumber });
      continue;
    }
    const base = baseFields(dict, pageNumber);
    const env: ReadEnv = { dict, space, base, label: `The ${subtype} annotation ${base.id} on page ${pageNumber}`, warn };
    result.push(...(await reader(env)));
  }
  return result;
}

/**
 * The annotations of every page, in page order and /Annots order, positioned in display space
 * (each page's /Rotate and CropBox applied). Throws `PdfEncryptedError` for password-protected
 * files and `PdfInvalidError` for bytes that are not a readable PDF; a document without pages
 * has nothing to import and gives an empty list.
 */
export async function importAnnotations(source: PdfSource, options: ImportOptions = {}): Promise<Annotation[]> {
  let doc: PDFDocument;
  try {
    doc = await loadPdf(source);
  } catch (error) {
    if (error instanceof PdfEmptyError) return [];
    throw error;
  }
  const warn = (message: string) => options.onWarning?.(message);
  const annotations: Annotation[] = [];
  for (let pageIndex = 0; pageIndex < doc.getPageCount(); pageIndex++) {
    annotations.push(...(await readPage(doc, pageIndex, warn)));
  }
  return annotations;
}
