// Arrow in PDF: shaft and head from `arrowPath`; written as /Line with an open arrow end; /Line
// reads back as an arrow.
import { drawArrow } from '../../export/flatten/drawShapes';
import { writeArrow } from '../../export/native/strokes';
import { readLine } from '../../import/readShapes';
import type { PdfKind } from '../pdfKind';

export const arrowPdf: PdfKind<'arrow'> = { draw: drawArrow, write: writeArrow, reads: { Line: readLine } };
