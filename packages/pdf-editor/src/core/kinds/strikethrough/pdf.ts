// Strikethrough in PDF: a line across each line rectangle; written as /StrikeOut with one
// quadrilateral per line; read back from /StrikeOut (shared with the other markups: shared/markupPdf.ts).
import type { PdfKind } from '../pdfKind';
import { drawLineAcross, readMarkup, writeMarkup } from '../shared/markupPdf';
import type { StrikethroughAnnotation } from './index';

export const strikethroughPdf: PdfKind<StrikethroughAnnotation> = { draw: drawLineAcross, write: writeMarkup('StrikeOut'), reads: { StrikeOut: readMarkup('strikethrough') } };
