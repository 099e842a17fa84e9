// Freehand in PDF: the stroke smoothed by `smoothPath`; written as /Ink; each /InkList path reads
// back as one stroke.
import { drawFreehand } from '../../export/flatten/drawFreehand';
import { writeFreehand } from '../../export/native/strokes';
import { readInk } from '../../import/readShapes';
import type { PdfKind } from '../pdfKind';
import type { FreehandAnnotation } from './index';

export const freehandPdf: PdfKind<FreehandAnnotation> = { draw: drawFreehand, write: writeFreehand, reads: { Ink: readInk } };
