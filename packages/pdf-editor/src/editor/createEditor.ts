// One editor without React: complete when createEditor returns. It owns the store (with the core
// history), the pdf.js document, the tool gestures, storage and signature sync, controlled
// annotations, export and download. Vanilla hosts drive it directly; <PdfEditor> and usePdfEditor
// only subscribe to it and hand their props to setOptions, as zustand's react.ts over vanilla.ts.
// Each concern lives in a module of its own; this file wires them to the options the host gives.
import type { GateDecision } from '../core/index';
import { registerHostKinds } from '../core/internal';
import { createConnections } from './connections';
import { controlAnnotations } from './controlledAnnotations';
import { createDocumentController } from './document/documentController';
import { createDownloads } from './export/downloads';
import { resolveMessages } from './messages';
import type { Messages } from './messages';
import type { EditorErrorSource, EditorOptions } from './options';
import { createFindController } from './find/findController';
import { createOcrController } from './ocr/ocrController';
import { createSummaryController } from './summary/summaryController';
import { createFormController } from './forms/formController';
import { createPersistence } from './persistence';
import { createPointerTracker } from './pointer';
import { createEditorStore } from './store/createEditorStore';
import type { EditorNotice } from './store/types';
import { createThreads } from './threads';
import { currentMachine } from './tools/currentMachine';
import { withHostTools } from './tools/registry';
import type { Editor, EditorView } from './types';

/** What the editor shows for a gate prompt the host does not handle. */
function gateNotice(decision: Exclude<GateDecision, 'allow'>, messages: Messages): EditorNotice {
  return decision.prompt === 'pro-feature' || !decision.message
    ? { message: messages.upgradeRequired }
    : { message: decision.message };
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

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
  const currentOptions = () => options;
  if (options.kinds !== undefined) registerHostKinds(options.kinds, 'options.kinds');
  const tools = withHostTools(options.tools);
  let messages = resolveMessages(options.messages);
  let view: EditorView | null = null;
  const pointer = createPointerTracker();

  const store = createEditorStore({
    annotations: options.annotations ?? options.defaultAnnotations,
    initialPage: options.initialPage,
    zoom: options.scale,
    gate: { check: (action) => (options.gate ? options.gate.check(action) : 'allow') },
    onGatePrompt: (decision, action) => {
      if (options.onGatePrompt) options.onGatePrompt(decision, action);
      else actions.setNotice(gateNotice(decision, messages));
    },
  });
  // Made once with the store and never replaced: the store has no setState.
  const { actions } = store.getState();
  const document = createDocumentController(store);

  // The host's handler hears of every error; `report` shows the ones the user must know of in the
  // editor's own notice when there is no handler, never swallowing them.
  const tell = (error: unknown, during: EditorErrorSource) => options.onError?.(toError(error), during);
  const report = (error: unknown, during: EditorErrorSource, message: string) => {
    if (options.onError) tell(error, during);
    else actions.setNotice({ message, detail: toError(error).message });
  };
  // A failed load or draft write was only ever the host's to hear; a failed save is shown without it.
  const persistence = createPersistence(store, currentOptions, (error, during) =>
    during === 'save' ? report(error, during, messages.saveFailed) : tell(error, during),
  );
  const applyControlled = controlAnnotations(store, currentOptions);
  const downloads = createDownloads(store, currentOptions, (error) => report(error, 'download', messages.exportFailed));
  const machine = currentMachine(tools, {
    store,
    tolerance: () => 6 / store.getState().zoom,
    textSpans: (page) => view?.textSpans(page) ?? [],
  });
  const connections = createConnections(store, document, persistence, currentOptions, (error) => tell(error, 'signatures'));
  const goToPage = (page: number) => {
    actions.goToPage(page);
    view?.scrollToPage(store.getState().currentPage);
  };
  const find = createFindController(store, document, goToPage);
  const ocr = createOcrController(store, currentOptions, (error) => report(error, 'ocr', messages.ocrFailed));
  const summary = createSummaryController({ store, document, goToPage, provider: () => options.summaryProvider });
  const forms = createFormController(store, document);

  if (options.scale !== undefined) actions.setZoom(options.scale);

  return {
    store,
    document,
    find,
    ocr,
    summary,
    forms,
    tools,
    threads: createThreads(store, () => options.author),
    pointer,
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
    getState: store.getState,
    subscribe: store.subscribe,
    setOptions(next) {
      const previous = options;
      options = next;
      if (next.messages !== previous.messages) messages = resolveMessages(next.messages);
      connections.update(next, previous);
      if (next.annotations && next.annotations !== previous.annotations) applyControlled(next.annotations);
      if (next.scale !== undefined && next.scale !== previous.scale) actions.setZoom(next.scale);
    },
    mount: connections.mount,
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
    machine,
    undo: actions.undo,
    redo: actions.redo,
    getAnnotations: () => store.getState().annotations,
    goToPage,
    setTool: actions.setTool,
    save: () => persistence.save(),
    saveOver: (version) => persistence.save(version ?? store.getState().conflict?.currentVersion),
    ...downloads,
  };
}
