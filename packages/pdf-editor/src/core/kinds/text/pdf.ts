// Text in PDF: drawn in its font on the editor's baselines; written as /FreeText; read back from
// /FreeText (other tools' too).
import { drawText } from '../../export/flatten/drawText';
import { writeFreeText } from '../../export/native/freeText';
import { readFreeText } from '../../import/readFreeText';
import type { PdfKind } from '../pdfKind';
import type { TextAnnotation } from './index';

export const textPdf: PdfKind<TextAnnotation> = { draw: drawText, write: writeFreeText, reads: { FreeText: readFreeText } };
