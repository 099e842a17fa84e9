// Removes what a document says about itself beside its pages: the document information (title,
// author, ...), the XMP metadata (the catalog's and the pages'), the bookmarks and the embedded
// files. File attachment annotations go in removeAnnotations.ts.
import { PdfDict, PdfName, type PDF } from '@libpdf/core';
import { resolved } from '../pdf/pageAttributes';
import type { RemovedMetadata } from './types';

/** Removes the metadata of `pdf`; returns what it had. */
export function removeDocumentMetadata(pdf: PDF): RemovedMetadata[] {
  const found: RemovedMetadata[] = [];
  const trailer = pdf.context.info.trailer;
  if (trailer.has('Info')) {
    trailer.delete('Info');
    found.push('info');
  }
  const catalog = pdf.getCatalog();
  let xmp = catalog.delete('Metadata');
  for (const page of pdf.getPages()) {
    xmp = page.dict.delete('Metadata') || xmp;
    page.dict.delete('PieceInfo');
  }
  catalog.delete('PieceInfo');
  if (xmp) found.push('xmp');
  if (catalog.delete('Outlines')) found.push('bookmarks');
  const names = resolved(pdf, catalog.get('Names'));
  // Both: a PDF/A-3 file lists its attachments in the name tree and under /AF.
  const inNameTree = names instanceof PdfDict && names.delete('EmbeddedFiles');
  const associated = catalog.delete('AF');
  if (inNameTree || associated) found.push('attachments');
  const pageMode = resolved(pdf, catalog.get('PageMode'));
  if (pageMode instanceof PdfName && (pageMode.value === 'UseOutlines' || pageMode.value === 'UseAttachments')) catalog.delete('PageMode');
  return found;
}
