// Underline in PDF: a line under each line rectangle; written as /Underline with one quadrilateral
// per line; read back from /Underline (shared with the other markups: shared/markupPdf.ts).
import type { PdfKind } from '../pdfKind';
import { drawLineAcross, readMarkup, writeMarkup } from '../shared/markupPdf';
import type { UnderlineAnnotation } from './index';

export const underlinePdf: PdfKind<UnderlineAnnotation> = { draw: drawLineAcross, write: writeMarkup('Underline'), reads: { Underline: readMarkup('underline') } };
