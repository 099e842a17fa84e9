// Image in PDF: the picture drawn over its box; written as /Stamp with the image as its
// appearance. Other tools' /Stamp annotations are read by the stamp kind, which makes an image of
// those whose appearance holds one (import/readStamp.ts).
import { drawImage } from '../../export/flatten/drawImage';
import { writeStamp } from '../../export/native/stamp';
import type { PdfKind } from '../pdfKind';
import type { ImageAnnotation } from './index';

export const imagePdf: PdfKind<ImageAnnotation> = { draw: drawImage, write: writeStamp('Image'), reads: {} };
