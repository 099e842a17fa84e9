// Strikethrough in PDF: drawn over each line rectangle; written as /StrikeOut with one quadrilateral per
// line; read back from /StrikeOut.
import { drawStrikethrough } from '../../export/flatten/drawMarkup';
import { writeMarkup } from '../../export/native/markup';
import { readMarkup } from '../../import/readMarkup';
import type { PdfKind } from '../pdfKind';
import type { StrikethroughAnnotation } from './index';

export const strikethroughPdf: PdfKind<StrikethroughAnnotation> = { draw: drawStrikethrough, write: writeMarkup('StrikeOut'), reads: { StrikeOut: readMarkup('strikethrough') } };
