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
  gate?: Gate;
  onGatePrompt?: (decision: Exclude<GateDecision, 'allow'>, action: GateAction) => void;
  storage?: StorageAdapter;
  documentId?: string;
  fileName?: string;
  onError?: (error: Error) => void;
}

/** The imperative API of an editor (the ref of <PdfEditor /> and the usePdfEditor result). */
export interface EditorApi {
  undo(): void;
  redo(): void;
  getAnnotations(): Annotation[];
  /** The PDF with the annotations burned in (or written as PDF annotations with mode 'native'). */
  exportPdf(options?: RunExportOptions): Promise<Uint8Array>;
  goToPage(page: number): void;
  setTool(tool: EditorTool): boolean;
  /** Saves through the storage adapter (asks the gate first). Resolves false when nothing was saved. */
  save(): Promise<boolean>;
  /** Exports and downloads the PDF (asks the gate first). */
  download(options?: RunExportOptions): Promise<boolean>;
}

/** One editor instance: its store, its pdf.js document, its messages and its API. */
export interface EditorRuntime extends EditorApi {
  store: EditorStore;
  document: DocumentController;
  messages: Messages;
  config: EditorConfig;
  /** The mounted viewer, if any. */
  viewer: ViewerBridge | null;
  storageVersion: number;
  /** The current tool's gesture machine (a new one whenever the tool changes). */
  machine(): ToolMachine;
  /** Moves keyboard focus to the editor, so shortcuts work after a click on a page. */
  focusEditor?: () => void;
  /** Starts following the store (document loading, scrolling); returns the function that stops. */
  attach(): () => void;
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
    onGatePrompt: (decision, action) => runtime.config.onGatePrompt?.(decision, action),
  });
  const document = createDocumentController(store);

  const exportPdf = (exportOptions: RunExportOptions = {}) => {
    const { pdfBytes, annotations } = store.getState();
    if (!pdfBytes) return Promise.reject(new Error('No PDF loaded'));
    return runExport(pdfBytes, annotations, exportOptions);
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
        runtime.config.onError?.(error instanceof Error ? error : new Error(String(error)));
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
        runtime.config.onError?.(error instanceof Error ? error : new Error(String(error)));
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
