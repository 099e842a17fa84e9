// Polygon in PDF: a closed outline, filled when solid; written as /Polygon with /Vertices and /IC;
// /Polygon reads back as a polygon (shared with the polyline: shared/verticesPdf.ts).
import type { PdfKind } from '../pdfKind';
import type { PolygonAnnotation } from './index';
import { drawVertices, readVertices, writeVertices } from '../shared/verticesPdf';

export const polygonPdf: PdfKind<PolygonAnnotation> = { draw: drawVertices, write: writeVertices, reads: { Polygon: readVertices('polygon') } };
