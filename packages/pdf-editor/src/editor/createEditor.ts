// One editor without React: complete when createEditor returns. It owns the store (with the core
// history), the pdf.js document, the tool gestures, storage and signature sync, controlled
// annotations, export and download. Vanilla hosts drive it directly; <PdfEditor> and usePdfEditor
// only subscribe to it and hand their props to setOptions, as zustand's react.ts over vanilla.ts.
import type { Annotation, DocumentDiff, EditorTool, GateDecision, PageRange, Rect, SignatureStore } from '../core/index';
import { squashDocumentDiffs } from '../core/internal';
import { browserSignatureStore } from '../browser/browserSignatureStore';
import { registerHostKinds } from '../core/internal';
import { createDocumentController } from './document/documentController';
import type { DocumentController } from './document/documentController';
import { readPdfFile } from './document/loadFile';
import { startPdfWorker } from './document/pdfjs';
import { downloadFile, runExport } from './export/runExport';
import type { RunExportOptions } from './export/runExport';
import { resolveMessages } from './messages';
import type { Messages } from './messages';
import type { EditorErrorSource, EditorOptions } from './options';
import { createPersistence } from './persistence';
import { syncSavedSignatures } from './savedSignatures';
import { createEditorStore } from './store/createEditorStore';
import type { EditorStore } from './store/createEditorStore';
import { extractRange } from './store/pageOperations';
import type { EditorNotice, EditorState } from './store/types';
import { toolIn, withHostTools } from './tools/registry';
import type { ToolContext, ToolDefinition, ToolMachine } from './tools/types';

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
  /** The strings in use: `defaultMessages` with the host's overrides. */
  readonly messages: Messages;
  /** The options last given to `createEditor` or `setOptions`. */
  readonly options: EditorOptions;
  /** Every tool in toolbar order: the editor's own (`TOOLS`), then the host's `tools` option. */
  readonly tools: readonly ToolDefinition[];
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

/** What the editor shows for a gate prompt the host does not handle. */
function gateNotice(decision: Exclude<GateDecision, 'allow'>, messages: Messages): EditorNotice {
  return decision.prompt === 'pro-feature' || !decision.message
    ? { message: messages.upgradeRequired }
    : { message: decision.message };
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const noop = () => undefined;

/**
 * Creates an editor: its state and commands work at once; `mount()` starts loading the file,
 * storage and saved signatures. React hosts use <PdfEditor> or usePdfEditor, which do both.
 *
 * @example
 * const editor = createEditor({ file: bytes, fileName: 'contract.pdf', onDownload: (pdf, name) => upload(pdf, name) });
 * const unmount = editor.mount();
 * editor.store.getState().actions.add(normalizeAnnotation({ type: 'rectangle', page: 1 }));
 * await editor.download();
 */
export function createEditor(initialOptions: EditorOptions = {}): Editor {
  let options = initialOptions;
  if (options.kinds !== undefined) registerHostKinds(options.kinds, 'options.kinds');
  const tools = withHostTools(options.tools);
  let messages = resolveMessages(options.messages);
  let view: EditorView | null = null;
  let mounted = false;
  // Set while a change from the host's `annotations` is applied, so it is not reported back to it.
  let applyingExternal = false;

  const store = createEditorStore({
    annotations: options.annotations ?? options.defaultAnnotations,
    initialPage: options.initialPage,
    zoom: options.scale,
    gate: { check: (action) => (options.gate ? options.gate.check(action) : 'allow') },
    onGatePrompt: (decision, action) => {
      if (options.onGatePrompt) options.onGatePrompt(decision, action);
      else store.getState().actions.setNotice(gateNotice(decision, messages));
    },
  });
  const document = createDocumentController(store);
  const { history } = store;

  // Without the host's handler, an error is shown in the editor's own notice, never swallowed.
  const report = (error: unknown, during: EditorErrorSource, message: string) => {
    const failure = toError(error);
    if (options.onError) options.onError(failure, during);
    else store.getState().actions.setNotice({ message, detail: failure.message });
  };
  // A failed load or draft write was only ever the host's to hear; a failed save is shown without it.
  const persistence = createPersistence(store, () => options, (error, during) =>
    during === 'save' ? report(error, during, messages.saveFailed) : options.onError?.(toError(error), during),
  );

  // A gesture reports once, when it ends, not on every pointer move: the diffs of its changes
  // wait and are reported squashed into one. Their diffs are worked out only for a host that listens.
  let reported = history.state.annotations;
  let unreported: { readonly diff: DocumentDiff }[] = [];
  history.subscribe((doc, change) => {
    unreported.push(change);
    if (history.inTransaction) return;
    const changes = unreported;
    unreported = [];
    if (doc.annotations === reported) return;
    reported = doc.annotations;
    const listener = options.onAnnotationsChange;
    if (applyingExternal || !listener) return;
    const { documentChanged: _pages, ...diff } = squashDocumentDiffs(changes.map(({ diff }) => diff));
    listener(doc.annotations, { diff });
  });

  // Controlled mode: the host's list wins whenever its content differs from the editor's.
  const applyControlled = (annotations: Annotation[]) => {
    if (history.inTransaction) return;
    applyingExternal = true;
    try {
      store.getState().actions.setAnnotations(annotations, { record: options.recordExternalChanges ?? true });
    } finally {
      applyingExternal = false;
    }
  };

  const exportAnnotated = async (bytes: Uint8Array, annotations: readonly Annotation[], exportOptions: RunExportOptions) => {
    const warnings: string[] = [];
    const worker = options.exportWorker;
    // The document's password, as the user typed it when it opened (a host's own option wins).
    const password = store.getState().pdfPassword;
    const exported = await runExport(bytes, annotations, {
      ...(worker && { worker }),
      ...(password !== null && { password }),
      ...(options.exportFonts && { fonts: options.exportFonts }),
      ...exportOptions,
      onWarning: (warning) => {
        warnings.push(warning);
        exportOptions.onWarning?.(warning);
      },
    });
    options.onExported?.({ bytes: exported, annotations, warnings });
    return exported;
  };

  // A download, once the gate allows it: the PDF `make` exports, as the file name with `suffix`.
  // False when refused or failed (the error reported).
  const deliver = async (watermark: boolean, make: () => Promise<Uint8Array>, suffix: string) => {
    if (!store.getState().actions.allow({ type: 'download', watermark })) return false;
    try {
      const bytes = await make();
      const fileName = `${(options.fileName ?? 'document.pdf').replace(/\.pdf$/i, '')}${suffix}.pdf`;
      if (options.onDownload) await options.onDownload(bytes, fileName);
      else downloadFile(bytes, fileName);
      return true;
    } catch (error) {
      report(error, 'download', messages.exportFailed);
      return false;
    }
  };

  const toolContext: ToolContext = {
    store,
    tolerance: () => 6 / store.getState().zoom,
    textSpans: (page) => view?.textSpans(page) ?? [],
  };
  let machine: ToolMachine | undefined;
  let machineTool: EditorTool | undefined;
  // A gesture left behind by a tool change ends at once, not at the next pointer event: what it
  // has drawn so far is kept where it can stand (switchAway) rather than silently dropped.
  store.subscribe((state, previous) => {
    if (!machine || state.tool === previous.tool) return;
    const left = machine;
    machine = undefined;
    if (left.switchAway) left.switchAway();
    else left.cancel();
  });

  // The connections `mount` starts, each restartable when its options change.
  let stopFile: () => void = noop;
  const loadFile = () => {
    stopFile();
    stopFile = noop;
    const { file } = options;
    if (!file) {
      store.getState().actions.loadDocument(null);
      return;
    }
    const controller = new AbortController();
    stopFile = () => controller.abort();
    // Fetch pdf.js (and start its worker) while the file downloads, not after, when a view shows it.
    if (document.isFollowing()) void startPdfWorker(options.workerSrc);
    readPdfFile(file, controller.signal).then(
      (bytes) => {
        if (!controller.signal.aborted) store.getState().actions.loadDocument(bytes);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) document.failed(error);
      },
    );
  };

  let stopStorage: () => void = noop;
  const loadStored = () => {
    stopStorage();
    stopStorage = persistence.start();
  };

  // `undefined` means the default store, made once per editor.
  let defaultSignatureStore: SignatureStore | undefined;
  const signatureStoreOf = (of: EditorOptions) =>
    of.signatureStore === undefined ? (defaultSignatureStore ??= browserSignatureStore()) : of.signatureStore;
  let stopSignatures: () => void = noop;
  const syncSignatures = () => {
    stopSignatures();
    const signatureStore = signatureStoreOf(options);
    stopSignatures = signatureStore ? syncSavedSignatures(store, signatureStore, (error) => options.onError?.(toError(error), 'signatures')) : noop;
  };

  if (options.scale !== undefined) store.getState().actions.setZoom(options.scale);

  const editor: Editor = {
    store,
    document,
    tools,
    get messages() {
      return messages;
    },
    get options() {
      return options;
    },
    get view() {
      return view;
    },
    get storageVersion() {
      return persistence.version;
    },
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    setOptions(next) {
      const previous = options;
      options = next;
      if (next.messages !== previous.messages) messages = resolveMessages(next.messages);
      if (mounted && next.file !== previous.file) loadFile();
      if (mounted && (next.storage !== previous.storage || next.documentId !== previous.documentId)) loadStored();
      if (mounted && signatureStoreOf(next) !== signatureStoreOf(previous)) syncSignatures();
      if (next.annotations && next.annotations !== previous.annotations) applyControlled(next.annotations);
      if (next.scale !== undefined && next.scale !== previous.scale) store.getState().actions.setZoom(next.scale);
    },
    mount() {
      mounted = true;
      loadFile();
      loadStored();
      syncSignatures();
      return () => {
        mounted = false;
        stopFile();
        stopStorage();
        stopSignatures();
        stopFile = stopStorage = stopSignatures = noop;
      };
    },
    attachView(next) {
      view = next;
      const unsubscribe = store.subscribe((state, previous) => {
        if (state.currentPage !== previous.currentPage) next.scrollToPage(state.currentPage);
      });
      return () => {
        unsubscribe();
        if (view === next) view = null;
      };
    },
    machine() {
      const { tool } = store.getState();
      if (!machine || tool !== machineTool) {
        machine = toolIn(tools, tool).createMachine(toolContext);
        machineTool = tool;
      }
      return machine;
    },
    undo: () => store.getState().actions.undo(),
    redo: () => store.getState().actions.redo(),
    getAnnotations: () => store.getState().annotations,
    async exportPdf(exportOptions = {}) {
      const { pdf, annotations } = store.getState();
      if (!pdf) throw new Error('No PDF loaded');
      // runExport copies the bytes for its worker: the revision's stay as they are.
      return exportAnnotated(pdf.bytes(), annotations, exportOptions);
    },
    goToPage(page) {
      store.getState().actions.goToPage(page);
      view?.scrollToPage(store.getState().currentPage);
    },
    setTool: (tool) => store.getState().actions.setTool(tool),
    save: () => persistence.save(),
    saveOver: (version) => persistence.save(version ?? store.getState().conflict?.currentVersion),
    download(exportOptions) {
      const watermark = Boolean(exportOptions?.watermark);
      return deliver(watermark, () => editor.exportPdf(exportOptions), `_edited${watermark ? '_watermark' : ''}`);
    },
    downloadPages(range) {
      return deliver(
        false,
        async () => {
          const { bytes, annotations } = await extractRange(store, range);
          return exportAnnotated(bytes, annotations, {});
        },
        `_pages_${range.from}-${range.to}`,
      );
    },
  };
  return editor;
}
