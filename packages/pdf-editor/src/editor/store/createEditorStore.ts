// One editor's store: a zustand vanilla store composed of slices (document, interaction, view,
// session, persistence, presence; see slice.ts), whose document part lives in the core history. Every
// annotation or page change is `history.apply` (or a gesture transaction), and the store mirrors
// the history's state, so undo, redo and controlled mode all read one source of truth. The history
// tells what each change did (`diffDocument`), so a save can send only that.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { DocumentDiff, History } from '../../core/index';
import { createHistory, diffDocument, rebaseDocument } from '../../core/internal';
import { annotationUpdates, documentSlice, NO_FORM_VALUES } from './documentSlice';
import { interactionSlice } from './interactionSlice';
import { updatePageLists } from './pageLists';
import { persistenceSlice } from './persistenceSlice';
import { presenceSlice } from './presenceSlice';
import { sessionSlice } from './sessionSlice';
import type { DocumentState, EditorState, EditorStoreOptions } from './types';
import { viewSlice } from './viewSlice';

export { PASTE_OFFSET } from './interactionSlice';

/**
 * A zustand vanilla store of one editor, with the core history it mirrors (its changes carry their
 * diff). It has no `setState`: the state changes through its actions (and the history) only.
 */
export interface EditorStore extends Omit<StoreApi<EditorState>, 'setState'> {
  history: History<DocumentState, DocumentDiff>;
}

/** Creates the store of one editor; its document changes all go through the core history. */
export function createEditorStore(options: EditorStoreOptions = {}): EditorStore {
  const history = createHistory<DocumentState, DocumentDiff>(
    { pdf: options.pdf ?? null, annotations: options.annotations ?? [] },
    // Rebased undo: after a collaborator's change, a step undoes only the fields it changed.
    { limit: options.historyLimit ?? 50, diff: diffDocument, rebase: rebaseDocument },
  );
  const applyAll = annotationUpdates(history);

  const { getState, getInitialState, setState, subscribe } = createStore<EditorState>()((set, get, { subscribe }) => {
    const document = documentSlice(history, applyAll, get);
    const interaction = interactionSlice(applyAll, set, get);
    const view = viewSlice(options, set, get);
    const session = sessionSlice(options, set, get);
    const persistence = persistenceSlice(history.state.annotations, set);
    const presence = presenceSlice(set, get, subscribe);
    return {
      ...document,
      ...interaction,
      ...view,
      ...session,
      ...persistence,
      ...presence,
      actions: {
        ...document.actions,
        ...interaction.actions,
        ...view.actions,
        ...session.actions,
        ...persistence.actions,
        ...presence.actions,
      },
    };
  });

  // Mirrors each change in the store at the cost of what it changed (its diff), not of the document:
  // only the touched pages get new lists, and the selection stays the same array unless a selected
  // annotation went away, so views that select either do not render again for other edits.
  history.subscribe((doc, change) => {
    const previous = getState();
    const diff = doc.annotations !== previous.annotations && change.diff;
    const gone = new Set(diff ? diff.removed.map((a) => a.id) : []);
    setState({
      annotations: doc.annotations,
      annotationsByPage: diff ? updatePageLists(previous.annotationsByPage, doc.annotations, diff) : previous.annotationsByPage,
      formValues: doc.formValues ?? NO_FORM_VALUES,
      pdf: doc.pdf,
      documentRevision: previous.documentRevision + (doc.pdf === previous.pdf ? 0 : 1),
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      // Undo can take away what was selected: never keep a selection of missing annotations.
      selectedIds: previous.selectedIds.some((id) => gone.has(id)) ? previous.selectedIds.filter((id) => !gone.has(id)) : previous.selectedIds,
    });
  });

  return { getState, getInitialState, subscribe, history };
}
