// Whiteout in PDF: an opaque white box, written as a borderless white /Square (read back by the
// rectangle's /Square reader, which recognises it).
import { drawWhiteout } from '../../export/flatten/drawShapes';
import { writeWhiteout } from '../../export/native/shapes';
import type { PdfKind } from '../pdfKind';
import type { WhiteoutAnnotation } from './index';

export const whiteoutPdf: PdfKind<WhiteoutAnnotation> = { draw: drawWhiteout, write: writeWhiteout, reads: {} };
