// Image in PDF: the picture drawn over its box; written as /Stamp with the image as its
// appearance; a /Stamp reads back as an image.
import { drawImage } from '../../export/flatten/drawImage';
import { writeStamp } from '../../export/native/stamp';
import { readStamp } from '../../import/readStamp';
import type { PdfKind } from '../pdfKind';

export const imagePdf: PdfKind<'image'> = { draw: drawImage, write: writeStamp, reads: { Stamp: readStamp } };
