// Controlled annotations and the change reports: the host's `annotations` list wins whenever its
// content differs from the editor's, and `onAnnotationsChange` hears of every other change, once
// per gesture, never of the host's own change.
import type { Annotation, DocumentDiff } from '../core/index';
import { squashDocumentDiffs } from '../core/internal';
import type { EditorOptions } from './options';
import type { EditorStore } from './store/createEditorStore';

/** Reports the store's changes to the host's `onAnnotationsChange`; returns the function that applies the host's list. */
export function controlAnnotations(store: EditorStore, options: () => EditorOptions): (annotations: Annotation[]) => void {
  const { history } = store;
  // Set while a change from the host's `annotations` is applied, so it is not reported back to it.
  let applyingExternal = false;

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
    const listener = options().onAnnotationsChange;
    if (applyingExternal || !listener) return;
    const { documentChanged: _pages, ...diff } = squashDocumentDiffs(changes.map(({ diff }) => diff));
    listener(doc.annotations, { diff });
  });

  return (annotations) => {
    if (history.inTransaction) return;
    applyingExternal = true;
    try {
      store.getState().actions.setAnnotations(annotations, { record: options().recordExternalChanges ?? true });
    } finally {
      applyingExternal = false;
    }
  };
}
