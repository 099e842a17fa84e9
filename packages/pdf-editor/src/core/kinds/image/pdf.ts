// Image in PDF: the picture drawn over its box; written as /Stamp with the image as its
// appearance (shared with the signature: shared/imagePdf.ts). Other tools' /Stamp annotations are
// read by the stamp kind, which makes an image of those whose appearance holds one.
import type { PdfKind } from '../pdfKind';
import { drawImage, writeImageStamp } from '../shared/imagePdf';
import type { ImageAnnotation } from './index';

export const imagePdf: PdfKind<ImageAnnotation> = { draw: drawImage, write: writeImageStamp('Image'), reads: {} };
