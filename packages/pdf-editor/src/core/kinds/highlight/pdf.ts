// Highlight in PDF: drawn over each line rectangle; written as /Highlight with one quadrilateral per
// line; read back from /Highlight.
import { drawHighlight } from '../../export/flatten/drawMarkup';
import { writeMarkup } from '../../export/native/markup';
import { readMarkup } from '../../import/readMarkup';
import type { PdfKind } from '../pdfKind';
import type { HighlightAnnotation } from './index';

export const highlightPdf: PdfKind<HighlightAnnotation> = { draw: drawHighlight, write: writeMarkup('Highlight'), reads: { Highlight: readMarkup('highlight') } };
