// One editor's persistence: what its storage holds (the version, the annotations and PDF revision
// last loaded or saved), whether the editor differs from it (`dirty`, worked out here only), saves
// one at a time, the autosave, the local draft kept while work is unsaved, and conflicts. Framework
// free; createEditor makes one, and its save() and the Toolbar's Save button both come here.
import { diffAnnotations, PageEditsUnsupportedError, StorageConflictError } from '../core/internal';
import type { Annotation, DocumentState, FormValues } from '../core/index';
import type { DraftStore, EditorDraft, EditorErrorSource, EditorOptions } from './options';
import type { EditorStore } from './store/createEditorStore';
import { NO_FORM_VALUES } from './store/documentSlice';

const formsOf = (doc: DocumentState): FormValues => doc.formValues ?? NO_FORM_VALUES;

export interface Persistence {
  readonly version: number;
  /** Loads the document's stored annotations (and lays `restoreDraft` over them); returns the function that stops. */
  start(): () => void;
  /** Saves what is unsaved on the stored version, or everything over `over` (a conflict's version). */
  save(over?: number): Promise<boolean>;
}

const DRAFT_DELAY_MS = 300;

export function createPersistence(
  store: EditorStore,
  options: () => EditorOptions,
  report: (error: unknown, during: EditorErrorSource) => void,
): Persistence {
  const { history } = store;
  let version = 0;
  let shown = history.state.pdf;
  let savedPdf = shown;
  // The form values storage holds (they are saved with the annotations).
  let savedForms = formsOf(history.state);
  let requested = false;
  let saves = Promise.resolve(true);
  let drafts = Promise.resolve();
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let autosaveTimer: ReturnType<typeof setTimeout> | undefined;

  const isDirty = () => {
    const { pdf, annotations } = history.state;
    return pdf !== savedPdf || annotations !== store.getState().savedAnnotations || formsOf(history.state) !== savedForms;
  };
  // Draft writes and clears run in the order asked, so a clear is never overtaken by an older write.
  const keep = (work: (drafts: DraftStore) => Promise<void>) => {
    const target = options().drafts;
    if (target) drafts = drafts.then(() => work(target)).catch((error: unknown) => report(error, 'draft'));
    return drafts;
  };
  const draftOf = (baseVersion: number): EditorDraft => {
    const { pdf, annotations } = history.state;
    // A copy of this revision's bytes alone: its buffer may also hold later revisions.
    const formValues = formsOf(history.state);
    return {
      annotations,
      pdf: pdf && pdf !== savedPdf ? pdf.bytes().slice() : null,
      baseVersion,
      saveRequested: requested,
      ...(formValues !== savedForms && { formValues }),
    };
  };
  const stopTimers = () => {
    clearTimeout(draftTimer);
    clearTimeout(autosaveTimer);
  };

  // After every change: dirty once, the draft 300 ms after the last change (gone when back at the
  // saved state), the autosave `delayMs` after it unless a conflict waits for the user.
  const refresh = () => {
    const dirty = isDirty();
    const { dirty: was, conflict, actions } = store.getState();
    if (dirty !== was) actions.setDirty(dirty);
    stopTimers();
    if (dirty) {
      draftTimer = setTimeout(() => keep((target) => target.write(draftOf(version))), DRAFT_DELAY_MS);
      const autosave = options().autosave;
      if (autosave && !conflict) autosaveTimer = setTimeout(() => void save(), autosave.delayMs);
    } else if (was) void keep((target) => target.clear());
  };

  // Annotations saved by other means (a collaboration server acknowledging them, editor/../collab):
  // dirty and the autosave follow. The controller's own records are followed by its own refresh.
  let recording = false;
  const recordSaved = (annotations: Annotation[]) => {
    recording = true;
    try {
      store.getState().actions.setSavedAnnotations(annotations);
    } finally {
      recording = false;
    }
  };
  store.subscribe((state, previous) => {
    if (!recording && state.savedAnnotations !== previous.savedAnnotations && !history.inTransaction) refresh();
  });

  history.subscribe((doc, { reason }) => {
    // A reset that brings another PDF is a new file: what storage holds, but for a restored draft's.
    if (reason === 'reset' && doc.pdf !== shown) savedPdf = options().restoreDraft?.pdf ? null : doc.pdf;
    shown = doc.pdf;
    if (!history.inTransaction) refresh();
  });

  const run = async (over?: number): Promise<boolean> => {
    const { storage, documentId } = options();
    const state = store.getState();
    if (!storage || !documentId || !state.actions.allow({ type: 'save' })) return false;
    if (over === undefined && !isDirty()) return true;
    const { pdf, annotations } = history.state;
    const forms = formsOf(history.state);
    // Given when the form has values or had saved ones (clearing them is a change); else left out.
    const formValues = forms === NO_FORM_VALUES && savedForms === NO_FORM_VALUES ? undefined : forms;
    const base = over ?? version;
    requested = true;
    state.actions.setSaving(true);
    // On disk before the request: an expired session or a closed tab cannot lose this work.
    await keep((target) => target.write(draftOf(base)));
    try {
      const pagesChanged = pdf && pdf !== savedPdf;
      if (pagesChanged && !storage.saveDocument) throw new PageEditsUnsupportedError(documentId);
      const stored = pagesChanged
        ? await storage.saveDocument!(documentId, pdf.bytes(), annotations, base, formValues)
        : // The changes are measured against the list stored at `version`: over another one, the whole list goes.
          await storage.save(documentId, annotations, base, over === undefined ? diffAnnotations(version ? state.savedAnnotations : [], annotations) : undefined, formValues);
      version = stored.version;
      savedPdf = pdf;
      savedForms = forms;
      requested = false;
      recordSaved(annotations);
      // Edits made while the request ran stay unsaved; without any, the draft is gone before `onSaved`.
      refresh();
      await drafts;
      options().onSaved?.(stored);
      return true;
    } catch (error) {
      if (error instanceof StorageConflictError) {
        state.actions.setConflict(error);
        const onConflict = options().onConflict;
        if (onConflict) return (onConflict(error), false);
      }
      report(error, 'save');
      return false;
    } finally {
      state.actions.setSaving(false);
    }
  };
  // One save at a time: a second waits for the first (whatever became of it), then saves what is still unsaved.
  const save = (over?: number) => {
    const next = () => run(over);
    return (saves = saves.then(next, next));
  };

  return {
    get version() {
      return version;
    },
    start() {
      const { storage, documentId, restoreDraft: draft } = options();
      if (!storage || !documentId) return stopTimers;
      let stopped = false;
      storage.load(documentId).then(
        (stored) => {
          if (stopped) return;
          if (stored) {
            version = stored.version;
            savedForms = stored.formValues && Object.keys(stored.formValues).length > 0 ? stored.formValues : NO_FORM_VALUES;
            recordSaved(stored.annotations);
            history.reset({ ...history.state, annotations: stored.annotations, formValues: savedForms });
          }
          if (draft) {
            version = draft.baseVersion;
            requested = draft.saveRequested;
            // Its PDF is the `file` the host opens: not what storage holds, whenever it opens.
            if (draft.pdf) savedPdf = null;
            history.reset({ ...history.state, annotations: draft.annotations, formValues: draft.formValues ?? savedForms });
            // An unrestored draft is one the host chose to leave: storage's copy replaces it.
          } else void keep((target) => target.clear());
        },
        (error: unknown) => report(error, 'load'),
      );
      return () => {
        stopped = true;
        stopTimers();
      };
    },
    save,
  };
}
