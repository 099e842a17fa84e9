// Polyline in PDF: an open line; written as /PolyLine with /Vertices; /PolyLine reads back as a
// polyline (shared with the polygon: shared/verticesPdf.ts).
import type { PdfKind } from '../pdfKind';
import type { PolylineAnnotation } from './index';
import { drawVertices, readVertices, writeVertices } from '../shared/verticesPdf';

export const polylinePdf: PdfKind<PolylineAnnotation> = { draw: drawVertices, write: writeVertices, reads: { PolyLine: readVertices('polyline') } };
