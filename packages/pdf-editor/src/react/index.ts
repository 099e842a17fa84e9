// Public API of @marginalia/pdf-editor (the React entry). The framework-free model, history,
// export and page operations are at @marginalia/pdf-editor/core.

// The editor object without React (createEditor), which the React pieces bind to
export { createEditor } from '../editor/index';
export type {
  AnnotationsChange,
  Editor,
  EditorApi,
  EditorConfig,
  EditorErrorSource,
  EditorOptions,
  EditorView,
  ExportedPdf,
} from '../editor/index';

// The editor in React
export { PdfEditor } from './PdfEditor';
export type { PdfEditorHandle, PdfEditorProps } from './PdfEditor';
export { usePdfEditor } from './usePdfEditor';
export type { UsePdfEditorOptions } from './usePdfEditor';
export type { HostKindWithView, ViewProps } from './kinds/types';
export { EditorProvider, useEditorRuntime, useEditorState, useDocumentView } from './context';

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
export type { SignaturePadProps } from './panels/SignaturePad';
export type { PdfFile, DocumentController, DocumentView, PageSize } from '../editor/index';

// Store, tools and commands
export { createEditorStore } from '../editor/index';
export type { EditorStore } from '../editor/index';
export type { EditorActions, EditorState, EditorNotice, DocumentState, Marquee } from '../editor/index';
export { DEFAULT_STYLE, PALETTE, FONT_FAMILIES, FONT_SIZES, STROKE_WIDTHS } from '../editor/index';
export type { AnnotationStyle } from '../editor/index';
export { ZOOM } from '../editor/index';
export { TOOLS } from '../editor/index';
export type { ToolContext, ToolDefinition, ToolMachine, ToolPreset, ToolPointer } from '../editor/index';
export { COMMANDS } from '../editor/index';
export type { Command, KeyStroke } from '../editor/index';

// Strings
export { defaultMessages } from '../editor/index';
export type { Messages, MessageKey } from '../editor/index';

// The annotation model (the rest of the core is at @marginalia/pdf-editor/core)
export type { Annotation } from '../core/index';

// Export and adapters
export { downloadFile, runExport } from '../editor/index';
export type { RunExportOptions } from '../editor/index';
export { browserSignatureStore, browserStorage, httpStorage, StorageRequestError } from '../browser/index';
export type { BrowserSignatureStoreOptions, BrowserStorageOptions } from '../browser/index';
export { memorySignatureStore, memoryStorage, openGate, StorageConflictError } from '../core/internal';
export type {
  AnnotationDiff,
  DocumentDiff,
  CustomToolId,
  EditorTool,
  Gate,
  GateAction,
  GateDecision,
  GatePromptTrigger,
  PdfRevision,
  SignatureStore,
  StorageAdapter,
  StoredAnnotations,
} from '../core/index';
