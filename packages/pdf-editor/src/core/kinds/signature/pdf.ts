// Signature in PDF: drawn and written like an image (a /Stamp); our own comes back from the
// private copy, another tool's /Stamp reads as an image.
import { drawImage } from '../../export/flatten/drawImage';
import { writeStamp } from '../../export/native/stamp';
import type { PdfKind } from '../pdfKind';
import type { SignatureAnnotation } from './index';

export const signaturePdf: PdfKind<SignatureAnnotation> = { draw: drawImage, write: writeStamp('Signature'), reads: {} };
