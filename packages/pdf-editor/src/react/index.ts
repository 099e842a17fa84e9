// Public API of @marginalia/pdf-editor (the React entry): the editor in React and the pieces of
// custom layouts. The editor object without React is at @marginalia/pdf-editor/editor, the
// framework-free model, history, export and page operations at @marginalia/pdf-editor/core.

// The editor in React
export { PdfEditor } from './PdfEditor';
export type { PdfEditorHandle, PdfEditorProps } from './PdfEditor';
export { usePdfEditor } from './usePdfEditor';
export type { UsePdfEditorOptions } from './usePdfEditor';
export type { HostKindWithView, ViewProps } from './kinds/types';
export { EditorProvider, useEditorRuntime, useEditorState, useDocumentView, useFind, useForm, useOcr, useSummary } from './context';

// Pieces for custom layouts
export { PdfViewer } from './viewer/PdfViewer';
export type { PdfViewerProps } from './viewer/PdfViewer';
export { PageNavigation } from './viewer/PageNavigation';
export { Thumbnails } from './panels/Thumbnails';
export type { ThumbnailsProps } from './panels/Thumbnails';
export { Toolbar } from './panels/Toolbar';
export type { ToolbarProps } from './panels/Toolbar';
export { PropertiesPanel } from './panels/PropertiesPanel';
export { SignaturePad } from './panels/SignaturePad';
export { Notice } from './panels/Notice';
export { FindBar } from './panels/FindBar';
export { SummaryPanel } from './panels/SummaryPanel';
export type { SignaturePadProps } from './panels/SignaturePad';

// The editor object a React host may create outside React and hand to <EditorProvider>.
export { createEditor } from '../editor/index';

// What the React API names from the editor layer, so a React host types its props, handle and
// hooks from this entry. The rest of the editor object's API (the tools, commands, style presets,
// runExport) is the "./editor" entry's, the model the "./core" entry's.
export type {
  AnnotationsChange,
  AnnotationStyle,
  WhiteoutSize,
  DocumentController,
  DocumentState,
  DocumentView,
  DraftStore,
  Editor,
  EditorActions,
  EditorApi,
  EditorConfig,
  EditorDraft,
  EditorErrorSource,
  EditorNotice,
  EditorOcrOptions,
  EditorOptions,
  EditorState,
  EditorStore,
  EditorThreads,
  EditorView,
  ExportedPdf,
  FindController,
  FindMatch,
  FindOptions,
  FindState,
  EditorFormField,
  EditorFormWidget,
  FormController,
  FormState,
  FormXfdfOptions,
  MarkKind,
  Marquee,
  OcrController,
  OcrRunOptions,
  OcrState,
  MessageKey,
  Messages,
  PagePoint,
  PageSize,
  PdfFile,
  Peer,
  PointerTracker,
  RunExportOptions,
  SummarizeDocumentOptions,
  SummaryController,
  SummaryInput,
  SummaryProvider,
  SummaryState,
  TextEditing,
  ToolContext,
  ToolDefinition,
  ToolMachine,
  ToolPointer,
  ToolPreset,
} from '../editor/index';
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
  KindAnnotation,
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
  Rect,
  Reply,
  RgbComponents,
  Shown,
  SignatureStore,
  StorageAdapter,
  StoredAnnotations,
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

// What a React host hands <PdfEditor> and reads back, kept here so such a host needs one entry:
// the storage and signature adapters of its props, the errors they throw, the English messages
// its `messages` prop overrides, and the download of the handle's exported bytes.
export { defaultMessages, downloadFile } from '../editor/index';
export { browserSignatureStore, browserStorage, httpStorage, StorageRequestError } from '../browser/index';
export type { BrowserSignatureStoreOptions, BrowserStorageOptions } from '../browser/index';
// From the core's internal entry: its public index would put the PDF engine in the first paint.
export { memorySignatureStore, memoryStorage, PageEditsUnsupportedError, StorageConflictError } from '../core/internal';
