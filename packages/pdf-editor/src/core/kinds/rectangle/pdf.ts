// Rectangle in PDF: written as /Square; /Square reads back as a rectangle, or as a whiteout when
// it is the borderless white box a whiteout writes.
import { drawRectangle } from '../../export/flatten/drawShapes';
import { writeRectangle } from '../../export/native/shapes';
import { readSquare } from '../../import/readShapes';
import type { PdfKind } from '../pdfKind';
import type { RectangleAnnotation } from './index';

export const rectanglePdf: PdfKind<RectangleAnnotation> = { draw: drawRectangle, write: writeRectangle, reads: { Square: readSquare } };
