// Public API of @marginalia/pdf-editor (the React entry). The framework-free model, history,
// export and page operations are at @marginalia/pdf-editor/core.

// The editor
export { PdfEditor } from './PdfEditor';
export type { PdfEditorHandle, PdfEditorProps } from './PdfEditor';
export { usePdfEditor } from './usePdfEditor';
export type { UsePdfEditorOptions } from './usePdfEditor';
export { EditorProvider, useEditorRuntime, useEditorState, useDocumentView } from './context';
export type { EditorApi, EditorConfig, EditorRuntime } from './runtime';

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
export type { PdfFile } from './viewer/loadFile';
export type { DocumentView } from './viewer/documentController';

// Store, tools and commands
export { createEditorStore } from './store/createEditorStore';
export type { EditorStore } from './store/createEditorStore';
export type { EditorActions, EditorState, EditorNotice, DocumentState } from './store/types';
export { DEFAULT_STYLE, PALETTE, FONT_FAMILIES, FONT_SIZES, STROKE_WIDTHS } from './store/style';
export type { AnnotationStyle } from './store/style';
export { ZOOM } from './store/zoom';
export { TOOLS } from './tools/registry';
export type { ToolDefinition, ToolMachine, ToolPreset, ToolPointer } from './tools/types';
export { COMMANDS } from './commands';
export type { Command } from './commands';

// Strings
export { defaultMessages } from './messages';
export type { Messages, MessageKey } from './messages';

// The annotation model (the rest of the core is at @marginalia/pdf-editor/core)
export type { Annotation } from '../core/model/types';

// Export and adapters
export { runExport } from './export/runExport';
export type { RunExportOptions } from './export/runExport';
export { browserSignatureStore, browserStorage, httpStorage, StorageRequestError } from '../browser/index';
export type { BrowserSignatureStoreOptions, BrowserStorageOptions } from '../browser/index';
export { memorySignatureStore, memoryStorage, openGate, StorageConflictError } from '../core/adapters';
export type {
  EditorTool,
  Gate,
  GateAction,
  GateDecision,
  GatePromptTrigger,
  SignatureStore,
  StorageAdapter,
  StoredAnnotations,
} from '../core/adapters';
