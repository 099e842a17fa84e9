// Public API of the editor without React: createEditor and what its types name, and the browser
// adapters a host hands it. The package's "./editor" entry, for hosts without React; the "." entry
// re-exports only the types its React API names and the adapters a React host hands it. The React layer imports the editor only through this file and ./internal
// (enforced by eslint.config.js).
export { createEditor } from './createEditor';
export type { Editor, EditorApi, EditorView } from './types';
export type { EditorThreads } from './threads';
export type { PagePoint, PointerTracker } from './pointer';
export type { AnnotationsChange, DraftStore, EditorConfig, EditorDraft, EditorErrorSource, EditorOcrOptions, EditorOptions, ExportedPdf } from './options';

// Store
export type { EditorStore } from './store/createEditorStore';
export type { DocumentState, EditorActions, EditorNotice, EditorState, Marquee, Peer, TextEditing } from './store/types';
export { DEFAULT_STYLE, FONT_FAMILIES, FONT_SIZES, PALETTE, STROKE_WIDTHS } from './store/style';
export type { AnnotationStyle, WhiteoutSize } from './store/style';
export { ZOOM } from './store/zoom';

// The PDF as pdf.js shows it
export type { DocumentController, DocumentView, PageSize } from './document/documentController';
export type { PdfFile } from './document/loadFile';

// Find in the document
export type { FindController, FindState, MarkKind } from './find/findController';
export type { FindMatch, FindOptions } from './find/findText';
export type { OcrController, OcrRunOptions, OcrState } from './ocr/ocrController';
export type { FormController, FormState, FormXfdfOptions } from './forms/formController';
export type { EditorFormField, EditorFormWidget } from './forms/pdfjsFields';

// The document's summary
export type { SummarizeDocumentOptions, SummaryController, SummaryInput, SummaryProvider, SummaryState } from './summary/summaryController';

// Tools and commands
export { TOOLS } from './tools/registry';
export type { ToolContext, ToolDefinition, ToolMachine, ToolPointer, ToolPreset } from './tools/types';
export { COMMANDS } from './commands';
export type { Command, KeyStroke } from './commands';

// Strings
export { defaultMessages } from './messages';
export type { MessageKey, Messages } from './messages';

// Export
export { downloadFile, runExport } from './export/runExport';
export type { RunExportOptions } from './export/runExport';

// Storage and saved signatures in the browser (memoryStorage and the rest of the core are at
// @marginalia/pdf-editor/core)
export { browserSignatureStore, browserStorage, httpStorage, StorageRequestError } from '../browser/index';
// The errors a save rejects with, which `onConflict`, `onError` and `state.conflict` hand the host.
export { PageEditsUnsupportedError, StorageConflictError } from '../core/internal';
export type { BrowserSignatureStoreOptions, BrowserStorageOptions } from '../browser/index';

// The core's types the editor's options and state name, so a host types them from this entry
export type {
  Annotation,
  AnnotationDiff,
  AnnotationKind,
  AnnotationOfType,
  AnnotationPatch,
  AnnotationReader,
  AnnotationType,
  ApplyOptions,
  BaseAnnotation,
  BaseFields,
  BlendMode,
  Canvas,
  CodePointRanges,
  CustomAnnotation,
  CustomToolId,
  CustomType,
  DictReader,
  DocumentDiff,
  EditorTool,
  EmbeddedImage,
  ExportContext,
  ExportFont,
  ExportFontOptions,
  ExportOptions,
  ExportTextMetrics,
  FontBytes,
  FontFaces,
  FontHeights,
  FontStyle,
  FormField,
  FormFieldType,
  FormFieldValue,
  FormFieldWidget,
  FormValues,
  Gate,
  GateAction,
  GateDecision,
  GatePromptTrigger,
  Handle,
  History,
  HistoryChange,
  HistoryChangeReason,
  HistoryListener,
  HistoryTransaction,
  HostKind,
  KindCapabilities,
  KindDefaults,
  KindPatch,
  LazyFont,
  MarkupPlacement,
  NativeParts,
  NativeSubtype,
  PageRange,
  PageResources,
  PageRotation,
  PageSpace,
  PdfArrayObject,
  PdfBooleanObject,
  PdfBox,
  PdfDictionary,
  PdfDocumentWriter,
  PdfKind,
  PdfNameObject,
  PdfNullObject,
  PdfNumberObject,
  PdfObjectValue,
  PdfRawObject,
  PdfReference,
  PdfRevision,
  PdfSource,
  PdfStreamObject,
  PdfStringObject,
  PdfValue,
  Point,
  ReadEnv,
  Reply,
  Rect,
  RgbComponents,
  Shown,
  SignatureStore,
  StorageAdapter,
  StoredAnnotations,
  SummaryPage,
  SummarySentence,
  TextBlock,
  TextLine,
  TextRun,
  Thread,
  Turn,
  WatermarkOptions,
  WriterEnv,
} from '../core/index';
// Values whose types the ones above are defined by (the schemas an annotation's type is inferred
// from, the classes and constants of a kind's PDF half): already loaded with this entry.
export {
  annotationSchema,
  ContentBuilder,
  customAnnotationSchema,
  LineCap,
  LineJoin,
  pointSchema,
  rectSchema,
  replySchema,
  WHITEOUT_PRESETS,
  WrittenRef,
} from '../core/internal';
