// Public API of @marginalia/pdf-editor/core: framework-free (no React, no DOM), for Node and browsers.
// Everything not listed here is internal.

// Model
export {
  annotationSchema,
  annotationListSchema,
  pointSchema,
  rectSchema,
  ANNOTATION_TYPES,
} from './model/schema';
// Each kind's schema, which its annotation type is inferred from: validates annotations of one
// kind (annotationSchema takes any)
export { textAnnotationSchema } from './kinds/text';
export { highlightAnnotationSchema } from './kinds/highlight';
export { strikethroughAnnotationSchema } from './kinds/strikethrough';
export { underlineAnnotationSchema } from './kinds/underline';
export { squigglyAnnotationSchema } from './kinds/squiggly';
export { freehandAnnotationSchema } from './kinds/freehand';
export { rectangleAnnotationSchema } from './kinds/rectangle';
export { circleAnnotationSchema } from './kinds/circle';
export { ellipseAnnotationSchema } from './kinds/ellipse';
export { arrowAnnotationSchema } from './kinds/arrow';
export { polygonAnnotationSchema } from './kinds/polygon';
export { polylineAnnotationSchema } from './kinds/polyline';
export { commentAnnotationSchema } from './kinds/comment';
export { caretAnnotationSchema } from './kinds/caret';
export { signatureAnnotationSchema } from './kinds/signature';
export { stampAnnotationSchema } from './kinds/stamp';
export { imageAnnotationSchema } from './kinds/image';
export { whiteoutAnnotationSchema } from './kinds/whiteout';
export type {
  Annotation,
  AnnotationInput,
  CustomAnnotation,
  CustomAnnotationInput,
  CustomType,
  AnnotationOfType,
  AnnotationType,
  ArrowAnnotation,
  BaseAnnotation,
  CaretAnnotation,
  CircleAnnotation,
  CommentAnnotation,
  EllipseAnnotation,
  FreehandAnnotation,
  HighlightAnnotation,
  ImageAnnotation,
  KindAnnotation,
  MarkupAnnotation,
  Point,
  PolygonAnnotation,
  PolylineAnnotation,
  Rect,
  RectangleAnnotation,
  SignatureAnnotation,
  SquigglyAnnotation,
  StampAnnotation,
  StrikethroughAnnotation,
  TextAnnotation,
  UnderlineAnnotation,
  WhiteoutAnnotation,
} from './model/types';
export { normalizeAnnotation, DEFAULTS, WHITEOUT_PRESETS } from './model/defaults';
export { parseAnnotations, serializeAnnotations, ANNOTATIONS_FORMAT_VERSION } from './model/serialize';
export { replySchema } from './model/fields';
export { threadOf } from './threads/thread';
export type { Reply, Thread } from './threads/thread';

// Errors
export {
  AnnotationExportError,
  AnnotationValidationError,
  PageRangeError,
  PdfEmptyError,
  PdfEncryptedError,
  PdfInvalidError,
  PdfPasswordError,
  InvalidInputError,
  UnsupportedCharactersError,
  UnknownKindError,
  FontLoadError,
  OcrLanguageError,
  OcrPageError,
} from './errors';

// Kinds of the host's own: the contract of the editor's kinds, registered under a `custom:` type
export { registerKinds, hostAnnotationSchema, customAnnotationSchema } from './kinds/hostKinds';
export type { HostKind } from './kinds/hostKinds';
export type { AnnotationKind, Handle, KindCapabilities, KindDefaults, KindPatch, Turn } from './kinds/kind';
export type { LineEnding, MarkupPlacement } from './geometry/annotationGeometry';
export { LINE_ENDINGS } from './geometry/annotationGeometry';
export type { PdfKind } from './kinds/pdfKind';
export type { Canvas } from './export/flatten/frame';
export { ContentBuilder } from './export/flatten/contentBuilder';
export type { BlendMode, PageResources } from './export/flatten/pageResources';
export type { RgbComponents } from './pdf/color';
export type { EmbeddedImage } from './export/images';
export type { FontStyle } from './export/exportFont';
export type { TextBlock } from './export/textBlock';
export type { PdfValue } from './pdf/objects';
export type { ExportContext } from './export/context';
export type { NativeParts, NativeSubtype, WriterEnv } from './export/native/nativeTypes';
export type { AnnotationReader, BaseFields, ReadEnv } from './import/readerTypes';
export type { DictReader } from './import/pdfReaders';
// The PDF objects host kinds read and write, engine-neutral (the engine's objects satisfy them)
export type {
  PdfArrayObject,
  PdfBooleanObject,
  PdfDictionary,
  PdfDocumentWriter,
  PdfNameObject,
  PdfNullObject,
  PdfNumberObject,
  PdfObjectValue,
  PdfRawObject,
  PdfReference,
  PdfStreamObject,
  PdfStringObject,
} from './pdfObjectTypes';

// Geometry
export { createPageSpace, normalizeRotation } from './geometry/pageSpace';
export type { PageRotation, PageSpace, PdfBox } from './geometry/pageSpace';

// Export
export { exportPdf, exportPdfWithReport } from './export/exportPdf';
export { SCRIPT_RANGES } from './export/scriptRanges';
export type {
  CodePointRanges,
  ExportFontOptions,
  ExportOptions,
  ExportResult,
  FontBytes,
  FontFaces,
  LazyFont,
  WatermarkOptions,
} from './export/options';

// History
export { createHistory, DEFAULT_HISTORY_LIMIT } from './history/createHistory';
export type {
  ApplyOptions,
  DiffingHistoryOptions,
  History,
  HistoryChange,
  HistoryChangeReason,
  HistoryListener,
  HistoryOptions,
  HistoryTransaction,
} from './history/createHistory';
export {
  addAnnotation,
  clearAnnotations,
  removeAnnotation,
  removeAnnotations,
  updateAnnotation,
} from './history/annotationList';
export type { AnnotationListUpdate, AnnotationPatch } from './history/annotationList';
export { diffAnnotations, diffDocument, squashAnnotationDiffs, squashDocumentDiffs } from './history/diff';
export { rebaseAnnotations, rebaseDocument } from './history/rebase';
export type { AnnotationDiff, DocumentDiff, DocumentState } from './history/diff';
export { AnnotationChangesError, applyAnnotationChanges, parseAnnotationChanges, toAnnotationChanges } from './history/changes';
export type { AnnotationChanges } from './history/changes';

// Pages
export {
  deletePages,
  extractPages,
  getPageSizes,
  insertPages,
  mergePdfs,
  reorderPages,
  rotatePages,
  splitPdf,
} from './pages/pageOperations';
export type { InsertPagesOptions, PageOperationOptions } from './pages/pageOperations';
export { applyPageOperation } from './pages/applyPageOperation';
export { mergeAnnotations, remapAnnotations } from './pages/remapAnnotations';
export { pdfRevision } from './pages/pdfRevision';
export type { PdfRevision } from './pages/pdfRevision';
export type { PageOperation, PageOperationOf, PageOperationType, PageRange, PageSize, RotationDelta } from './pages/types';
export type { PdfSource } from './pdf/source';

// Protection
export { protectPdf, unprotectPdf } from './pdf/protection';
export type { PdfPermissions, ProtectPdfOptions } from './pdf/protection';

// Import
export { importAnnotations } from './import/importAnnotations';
export type { ImportOptions } from './import/importAnnotations';

// Forms: a PDF's AcroForm fields read and filled (appended incrementally, appearances drawn), and
// their values as XFDF and JSON
export { fillForm, readFormFields } from './forms/formFields';
export type { FillFormOptions, FormField, FormFieldType, FormFieldValue, FormFieldWidget, FormOptions, FormValues } from './forms/formFields';
export { formValuesFromXfdf, formValuesToXfdf, parseFormValues } from './forms/xfdf';

// Text recognition of scanned pages: an invisible text layer appended, so the words can be found,
// selected and copied (the recogniser loads only when called)
export { findPagesWithoutText, recognizeText } from './ocr/index';
export type { FindPagesWithoutTextOptions, RecognizeTextOptions } from './ocr/index';
export type { OcrAssets } from './ocr/engine';

// Summary: a document's key sentences picked from its own text, offline
export { summarizeText, SummaryInputError } from './summary/summarizeText';
export { DEFAULT_SUMMARY_SENTENCES, MAX_SUMMARY_SENTENCES } from './summary/limits';
export type { SummarizeOptions, SummarySentence } from './summary/summarizeText';
export type { SummaryPage } from './summary/sentences';

// Adapters
export { memorySignatureStore, memoryStorage, openGate, PageEditsUnsupportedError, StorageConflictError } from './adapters';
export type {
  CustomToolId,
  EditorTool,
  Gate,
  GateAction,
  GateDecision,
  GatePromptTrigger,
  SignatureStore,
  StorageAdapter,
  StoredAnnotations,
} from './adapters';

// The types the PDF half of a kind names (a host kind's drawing, writing and reading)
export type { ExportFont } from './export/exportFont';
export type { FontHeights } from './export/textLayout';
export { LineCap, LineJoin } from './export/flatten/contentBuilder';
export type { TextLine } from './export/textBlock';
export { WrittenRef } from './pdf/objects';
export type { TextRun } from './export/textRuns';
export type { TextMetrics as ExportTextMetrics } from './export/textMetrics';
export type { Shown } from './export/textRuns';
