// The one door to the PDF engine (@libpdf/core). Only modules of core/pdf may import the engine
// (eslint.config.js enforces it); the export, the import, the page operations and their tests take
// from here the engine's document, its object classes (constructors, and `instanceof` as their type
// guards) and its fonts. An engine upgrade, or another engine, then changes core/pdf and what this
// file names, not forty files across the core, and never the public API, whose objects are the
// engine-neutral interfaces of core/pdfObjectTypes.ts (the engine's objects satisfy them).
//
// Re-exported as they are, not wrapped: the native export writes thousands of objects, and a class
// of our own around each would cost an allocation per object on its hottest path.
export {
  P12Signer,
  PDF,
  PDFPage,
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNull,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
  Standard14Font,
  StandardFonts,
} from '@libpdf/core';
export type { EmbeddedFont, PdfObject, Standard14FontName } from '@libpdf/core';
// AcroForm fields (core/forms): the engine reads them, fills them and draws their appearances.
export type { ButtonField, CheckboxField, DropdownField, FormField as EngineFormField, ListBoxField, PDFForm, RadioField, SignatureField, TextField } from '@libpdf/core';
