// What an editor is to its host: the object createEditor returns, its imperative API (also the ref
// of <PdfEditor />), and what a page view offers it.
import type { Annotation, EditorTool, PageRange, Rect } from '../core/index';
import type { DocumentController } from './document/documentController';
import type { RunExportOptions } from './export/runExport';
import type { Messages } from './messages';
import type { EditorOptions } from './options';
import type { PointerTracker } from './pointer';
import type { EditorStore } from './store/createEditorStore';
import type { EditorState } from './store/types';
import type { ToolDefinition, ToolMachine } from './tools/types';
import type { FindController } from './find/findController';
import type { OcrController } from './ocr/ocrController';
import type { SummaryController } from './summary/summaryController';
import type { FormController } from './forms/formController';
import type { EditorThreads } from './threads';

/** What a mounted page view offers the editor: scrolling, fitting, and the text of its pages. */
export interface EditorView {
  scrollToPage(page: number): void;
  fitWidth(): void;
  /** Boxes of the text runs of `page` (page points), for the markup tools; none while it is not drawn. */
  textSpans(page: number): Rect[];
}

/** The imperative API of an editor (also the ref of <PdfEditor />). */
export interface EditorApi {
  /** Undoes the last step; nothing happens when there is none. */
  undo(): void;
  redo(): void;
  /** The current annotations, in drawing order (last on top). */
  getAnnotations(): Annotation[];
  /**
   * The PDF with the annotations burned in (or written as PDF annotations with mode 'native'),
   * made in a Web Worker (see `runExport`); `onExported` hears of it. Rejects when no PDF is loaded.
   */
  exportPdf(options?: RunExportOptions): Promise<Uint8Array>;
  /** Scrolls to a page (1-based), clamped to the document's pages. */
  goToPage(page: number): void;
  /** Chooses a tool; false when the gate refused it (its prompt went to `onGatePrompt`). */
  setTool(tool: EditorTool): boolean;
  /**
   * Saves through the storage adapter (asks the gate first): the annotations, and the PDF with them
   * when its pages were edited (the adapter's `saveDocument`). One save runs at a time; a save
   * asked meanwhile follows it. Resolves true once saved (or when nothing is unsaved), false when
   * nothing was saved: no `storage` or `documentId`, the gate refused, or the save failed (a
   * `StorageConflictError` goes to `onConflict`, other errors to `onError`, or to the editor's
   * notice without one).
   */
  save(): Promise<boolean>;
  /**
   * Saves the editor's work over `version` (default: the one of `state.conflict`), the version
   * storage holds after a conflict: "keep my version". Resolves as `save`.
   */
  saveOver(version?: number): Promise<boolean>;
  /**
   * Exports the PDF and hands it to `onDownload`, or downloads it as `<fileName>_edited.pdf`
   * without one (asks the gate first). Resolves false when the gate refused or the export or the
   * download failed (the error goes to `onError`, or to the editor's notice without one).
   */
  download(options?: RunExportOptions): Promise<boolean>;
}

/** One editor: its state, its document, its options and its API. */
export interface Editor extends EditorApi {
  /** The editor's state and actions (React: `useEditorState`). */
  readonly store: EditorStore;
  /** The loaded PDF's pdf.js document and page sizes, while a view follows it (React: `useDocumentView`). */
  readonly document: DocumentController;
  /** Find in the document: the search, its matches and the current one (React: `useFind`). */
  readonly find: FindController;
  /** Text recognition of scanned pages: an invisible text layer, so Find finds their words (React: `useOcr`). */
  readonly ocr: OcrController;
  /** The document's summary: its key sentences with their pages, for a side panel (React: `useSummary`). */
  readonly summary: SummaryController;
  /**
   * The document's form: its fields (read with pdf.js when a view opens the document), the values
   * the user gives them (each change one undo step), JSON and XFDF import and export (React: `useForm`).
   */
  readonly forms: FormController;
  /** The strings in use: `defaultMessages` with the host's overrides. */
  readonly messages: Messages;
  /** The options last given to `createEditor` or `setOptions`. */
  readonly options: EditorOptions;
  /** Every tool in toolbar order: the editor's own (`TOOLS`), then the host's `tools` option. */
  readonly tools: readonly ToolDefinition[];
  /** The comment threads of the annotations: replies, resolve and reopen, each one undo step. */
  readonly threads: EditorThreads;
  /**
   * Where the user's pointer is over the pages, as the page view reports it (`pointer.move`);
   * presence shows it to collaborators. Not in the store: a pointer move re-renders nothing.
   */
  readonly pointer: PointerTracker;
  /** The page view attached with `attachView`, if any. */
  readonly view: EditorView | null;
  /** The storage version the annotations were loaded or last saved at; the base of the next save. */
  readonly storageVersion: number;
  /** The editor's state now (the same as `store.getState()`). */
  getState(): EditorState;
  /** Calls `listener` after every state change; returns the function that stops. */
  subscribe(listener: (state: EditorState, previous: EditorState) => void): () => void;
  /**
   * Replaces the options. What changed takes effect: a new `file` or `storage`/`documentId` is
   * loaded (while mounted), a new `annotations` list is applied as controlled annotations, a new
   * `scale` zooms. Callbacks and settings are read when they are needed.
   */
  setOptions(options: EditorOptions): void;
  /**
   * Starts the editor's connections: loads `file`, the annotations of `documentId` and the saved
   * signatures. Returns the function that stops them; mounting again starts them again (as React's
   * StrictMode does). Views that show pages also call `document.attach()`, which opens the PDF
   * with pdf.js; an editor without a view (export only) never loads pdf.js.
   */
  mount(): () => void;
  /** Registers the page view; the editor scrolls it to the current page. Returns the function that detaches it. */
  attachView(view: EditorView): () => void;
  /** The current tool's gesture machine (a new one whenever the tool changes), fed with page points. */
  machine(): ToolMachine;
  /**
   * Exports pages `range` with their annotations as a new PDF and downloads it (through
   * `onDownload` when given) as `<fileName>_pages_<from>-<to>.pdf`; asks the gate first, as any
   * download. The document stays as it is. Resolves false when refused or failed, as `download`.
   */
  downloadPages(range: PageRange): Promise<boolean>;
}
