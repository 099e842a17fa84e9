// Signature in PDF: drawn and written like an image (a /Stamp: shared/imagePdf.ts); our own comes
// back from the private copy, another tool's /Stamp reads as an image.
import type { PdfKind } from '../pdfKind';
import { drawImage, writeImageStamp } from '../shared/imagePdf';
import type { SignatureAnnotation } from './index';

export const signaturePdf: PdfKind<SignatureAnnotation> = { draw: drawImage, write: writeImageStamp('Signature'), reads: {} };
