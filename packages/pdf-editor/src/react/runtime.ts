// One editor instance outside React: its store, its pdf.js document, storage and the imperative
// API the ref and custom layouts use. React components only subscribe to it.
import type { Gate, GateAction, GateDecision, StorageAdapter } from '../core/adapters';
import type { Annotation } from '../core/model/types';
import type { EditorTool } from '../core/adapters';
import { createEditorStore } from './store/createEditorStore';
import type { EditorStore } from './store/createEditorStore';
import { createDocumentController } from './viewer/documentController';
import type { DocumentController } from './viewer/documentController';
import { downloadBytes, runExport } from './export/runExport';
import type { RunExportOptions } from './export/runExport';
import type { Messages } from './messages';
import type { EditorNotice } from './store/types';
import type { Rect } from '../core/model/types';
import { toolById } from './tools/registry';
import type { ToolContext, ToolMachine } from './tools/types';

/** What the page viewer offers the rest of the editor once it is mounted. */
export interface ViewerBridge {
  scrollToPage(page: number): void;
  fitWidth(): void;
  textRects(page: number, box: Rect): Rect[];
}

/** Host settings an editor reads when it needs them: gate, storage, file name, error handler. */
export interface EditorConfig {
  /** Asked before choosing any tool but select, and before saving or downloading. Default: allows all. */
  gate?: Gate;
  /**
   * Called when the gate answers with a prompt; the action does not happen. Show the prompt here.
   * Without it the editor shows its own notice (`upgradeRequired` for a Pro feature, else the
   * gate's message).
   */
  onGatePrompt?: (decision: Exclude<GateDecision, 'allow'>, action: GateAction) => void;
  /** Where Save writes and where the annotations of `documentId` are loaded from. */
  storage?: StorageAdapter;
  /** The document's id in `storage`; without it nothing is loaded or saved. */
  documentId?: string;
  /** Name the download is based on: `report.pdf` downloads as `report_edited.pdf`. Default `document.pdf`. */
  fileName?: string;
  /**
   * Errors of loading from storage, saving and downloading (the calls themselves resolve false),
   * and of loading or saving the signatures of `signatureStore`. Without it, a failed download or
   * save is shown in the editor's own notice (role `alert`, dismissible) with the `exportFailed`
   * or `saveFailed` message; with it, the host shows what it wants instead.
   */
  onError?: (error: Error) => void;
  /**
   * Starts the Web Worker exports run in. Default: the package's own `dist/exportWorker.js` (a
   * self-contained ES module), which Vite, webpack and Next.js find with no configuration. Only
   * for hosts that serve that file themselves, e.g. `() => new Worker('/exportWorker.js', { type: 'module' })`.
   */
  exportWorker?: () => Worker;
}

/** The imperative API of an editor (the ref of <PdfEditor /> and the usePdfEditor result). */
export interface EditorApi {
  /** Undoes the last step; nothing happens when there is none. */
  undo(): void;
  redo(): void;
  /** The current annotations, in drawing order (last on top). */
  getAnnotations(): Annotation[];
  /**
   * The PDF with the annotations burned in (or written as PDF annotations with mode 'native'),
   * made in a Web Worker (see `runExport`). Rejects when no PDF is loaded.
   */
  exportPdf(options?: RunExportOptions): Promise<Uint8Array>;
  /** Scrolls to a page (1-based), clamped to the document's pages. */
  goToPage(page: number): void;
  /** Chooses a tool; false when the gate refused it (its prompt went to `onGatePrompt`). */
  setTool(tool: EditorTool): boolean;
  /**
   * Saves through the storage adapter (asks the gate first). Resolves false when nothing was
   * saved: no `storage` or `documentId`, the gate refused, or the save failed (the error, e.g. a
   * `StorageConflictError`, goes to `onError`, or to the editor's notice without one).
   */
  save(): Promise<boolean>;
  /**
   * Exports and downloads the PDF as `<fileName>_edited.pdf` (asks the gate first). Resolves false
   * when the gate refused or the export failed (the error goes to `onError`, or to the editor's
   * notice without one).
   */
  download(options?: RunExportOptions): Promise<boolean>;
}

/** One editor instance: its store, its pdf.js document, its messages and its API. */
export interface EditorRuntime extends EditorApi {
  /** The editor's state and actions (read it with `useEditorState`). */
  store: EditorStore;
  /** The loaded PDF's pdf.js document and page sizes (read it with `useDocumentView`). */
  document: DocumentController;
  /** The strings in use: `defaultMessages` with the host's overrides. */
  messages: Messages;
  /** The host settings in use, kept up to date with the props by `usePdfEditor`. */
  config: EditorConfig;
  /** The mounted viewer, if any. */
  viewer: ViewerBridge | null;
  /** The storage version the annotations were loaded or last saved at; the base of the next save. */
  storageVersion: number;
  /** The current tool's gesture machine (a new one whenever the tool changes). */
  machine(): ToolMachine;
  /** Moves keyboard focus to the editor, so shortcuts work after a click on a page. */
  focusEditor?: () => void;
  /** Starts following the store (document loading, scrolling); returns the function that stops. */
  attach(): () => void;
}

/** What the editor shows for a gate prompt the host does not handle. */
function gateNotice(decision: Exclude<GateDecision, 'allow'>, messages: Messages): EditorNotice {
  return decision.prompt === 'pro-feature' || !decision.message
    ? { message: messages.upgradeRequired }
    : { message: decision.message };
}

export function createEditorRuntime(options: {
  messages: Messages;
  config: EditorConfig;
  annotations?: Annotation[];
  initialPage?: number;
  zoom?: number;
}): EditorRuntime {
  const runtime = {} as EditorRuntime;
  const store = createEditorStore({
    annotations: options.annotations,
    initialPage: options.initialPage,
    zoom: options.zoom,
    gate: { check: (action) => (runtime.config.gate ? runtime.config.gate.check(action) : 'allow') },
    onGatePrompt: (decision, action) => {
      if (runtime.config.onGatePrompt) runtime.config.onGatePrompt(decision, action);
      else store.getState().actions.setNotice(gateNotice(decision, runtime.messages));
    },
  });
  // Without the host's handler, an error is shown in the editor's own notice, never swallowed.
  const report = (error: unknown, message: string) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (runtime.config.onError) runtime.config.onError(failure);
    else store.getState().actions.setNotice({ message, detail: failure.message });
  };
  const document = createDocumentController(store);

  const exportPdf = (exportOptions: RunExportOptions = {}) => {
    const { pdfBytes, annotations } = store.getState();
    if (!pdfBytes) return Promise.reject(new Error('No PDF loaded'));
    const worker = runtime.config.exportWorker;
    return runExport(pdfBytes, annotations, { ...(worker && { worker }), ...exportOptions });
  };

  const toolContext: ToolContext = {
    store,
    tolerance: () => 6 / store.getState().zoom,
    snapToText: (page, box) => runtime.viewer?.textRects(page, box) ?? [],
  };
  let machine: ToolMachine | undefined;
  let machineTool: EditorTool | undefined;
  const currentMachine = () => {
    const { tool } = store.getState();
    if (!machine || tool !== machineTool) {
      machine?.cancel();
      machine = toolById(tool).createMachine(toolContext);
      machineTool = tool;
    }
    return machine;
  };


  Object.assign(runtime, {
    store,
    document,
    messages: options.messages,
    config: options.config,
    viewer: null,
    storageVersion: 0,
    machine: currentMachine,
    undo: () => store.getState().actions.undo(),
    redo: () => store.getState().actions.redo(),
    getAnnotations: () => store.getState().annotations,
    exportPdf,
    goToPage: (page: number) => {
      store.getState().actions.goToPage(page);
      runtime.viewer?.scrollToPage(store.getState().currentPage);
    },
    setTool: (tool: EditorTool) => store.getState().actions.setTool(tool),
    async save() {
      const { storage, documentId } = runtime.config;
      const { actions, annotations } = store.getState();
      if (!storage || !documentId || !actions.allow({ type: 'save' })) return false;
      store.setState({ saving: true });
      try {
        const saved = await storage.save(documentId, annotations, runtime.storageVersion);
        runtime.storageVersion = saved.version;
        store.setState({ savedAnnotations: annotations });
        return true;
      } catch (error) {
        report(error, runtime.messages.saveFailed);
        return false;
      } finally {
        store.setState({ saving: false });
      }
    },
    async download(exportOptions?: RunExportOptions) {
      if (!store.getState().actions.allow({ type: 'download' })) return false;
      try {
        const bytes = await exportPdf(exportOptions);
        const base = (runtime.config.fileName ?? 'document.pdf').replace(/\.pdf$/i, '');
        downloadBytes(bytes, `${base}_edited${exportOptions?.watermark ? '_watermark' : ''}.pdf`);
        return true;
      } catch (error) {
        report(error, runtime.messages.exportFailed);
        return false;
      }
    },
    attach() {
      const detachDocument = document.attach();
      const unsubscribePage = store.subscribe((state, previous) => {
        if (state.currentPage !== previous.currentPage) runtime.viewer?.scrollToPage(state.currentPage);
      });
      return () => {
        unsubscribePage();
        detachDocument();
      };
    },
  } satisfies Partial<EditorRuntime>);
  return runtime;
}
