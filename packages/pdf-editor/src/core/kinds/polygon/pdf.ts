// Polygon in PDF: a closed outline, filled when solid; written as /Polygon with /Vertices and /IC;
// /Polygon reads back as a polygon (shared with the polyline: shared/verticesPdf.ts).
import type { PdfKind } from '../pdfKind';
import { drawVertices, readVertices, writeVertices } from '../shared/verticesPdf';

export const polygonPdf: PdfKind<'polygon'> = { draw: drawVertices, write: writeVertices, reads: { Polygon: readVertices('polygon') } };
