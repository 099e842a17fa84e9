// Public API of the editor without React: createEditor and what its types name, and the browser
// adapters a host hands it. The package's "./editor" entry, for hosts without React; the "." entry
// re-exports it. The React layer imports the editor only through this file and ./internal
// (enforced by eslint.config.js).
export { createEditor } from './createEditor';
export type { Editor, EditorApi, EditorView } from './createEditor';
export type { AnnotationsChange, EditorConfig, EditorErrorSource, EditorOptions, ExportedPdf } from './options';

// Store
export { createEditorStore } from './store/createEditorStore';
export type { EditorStore } from './store/createEditorStore';
export type { DocumentState, EditorActions, EditorNotice, EditorState, Marquee } from './store/types';
export { DEFAULT_STYLE, FONT_FAMILIES, FONT_SIZES, PALETTE, STROKE_WIDTHS } from './store/style';
export type { AnnotationStyle } from './store/style';
export { ZOOM } from './store/zoom';

// The PDF as pdf.js shows it
export type { DocumentController, DocumentView, PageSize } from './document/documentController';
export type { PdfFile } from './document/loadFile';

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
export type { BrowserSignatureStoreOptions, BrowserStorageOptions } from '../browser/index';

// The core's types the editor's options and state name, so a host types them from this entry
export type {
  Annotation,
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
