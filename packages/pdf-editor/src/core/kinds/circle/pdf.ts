// Circle in PDF: written as /Circle; /Circle reads back as a circle.
import { drawCircle } from '../../export/flatten/drawShapes';
import { writeCircle } from '../../export/native/shapes';
import { readCircle } from '../../import/readShapes';
import type { PdfKind } from '../pdfKind';
import type { CircleAnnotation } from './index';

export const circlePdf: PdfKind<CircleAnnotation> = { draw: drawCircle, write: writeCircle, reads: { Circle: readCircle } };
