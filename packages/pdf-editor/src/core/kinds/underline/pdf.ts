// Underline in PDF: drawn over each line rectangle; written as /Underline with one quadrilateral per
// line; read back from /Underline.
import { drawUnderline } from '../../export/flatten/drawMarkup';
import { writeMarkup } from '../../export/native/markup';
import { readMarkup } from '../../import/readMarkup';
import type { PdfKind } from '../pdfKind';
import type { UnderlineAnnotation } from './index';

export const underlinePdf: PdfKind<UnderlineAnnotation> = { draw: drawUnderline, write: writeMarkup('Underline'), reads: { Underline: readMarkup('underline') } };
