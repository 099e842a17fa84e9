// The document slice: the PDF and its annotations as the core history holds them, and the actions
// that change them, each one history step (a gesture's changes one step together). Its fields only
// mirror the history (createEditorStore), so undo, redo and controlled mode read one source of truth.
import type { Annotation, AnnotationListUpdate, DocumentDiff, FormValues, History } from '../../core/index';
import { addAnnotation, pdfRevision, rebaseAnnotations, removeAnnotations, updateAnnotation } from '../../core/internal';
import { sameAnnotations } from '../../core/internal';
import { groupByPage } from './pageLists';
import type { GetState, Slice } from './slice';
import type { DocumentState } from './types';

type DocumentField = 'pdf' | 'documentRevision' | 'annotations' | 'annotationsByPage' | 'formValues' | 'canUndo' | 'canRedo';

/** The form values of a document whose fields the user has not changed (one object, so a reference check tells). */
export const NO_FORM_VALUES: FormValues = Object.freeze({}) as FormValues;

/** Applies several list updates as one history step (a multi-selection moved or restyled together). */
export type ApplyUpdates = (updates: AnnotationListUpdate[], label?: string, mergeKey?: string) => void;

/** The history's changes to the annotation list, as one step labelled `label` (merged with the last one of the same `mergeKey`). */
export function annotationUpdates(history: History<DocumentState, DocumentDiff>): ApplyUpdates {
  return (updates, label, mergeKey) =>
    history.apply(
      (doc) => {
        const annotations = updates.reduce<Annotation[]>((current, update) => update(current), doc.annotations as Annotation[]);
        return annotations === doc.annotations ? doc : { ...doc, annotations };
      },
      mergeKey ? { label, mergeKey } : label,
    );
}

export function documentSlice(
  history: History<DocumentState, DocumentDiff>,
  applyAll: ApplyUpdates,
  get: GetState,
): Slice<DocumentField, 'add' | 'update' | 'remove' | 'undo' | 'redo' | 'beginGesture' | 'loadDocument' | 'setFormValues' | 'applyDocument' | 'setAnnotations' | 'applyRemoteAnnotations'> {
  const { state } = history;
  return {
    pdf: state.pdf,
    documentRevision: 0,
    annotations: state.annotations,
    annotationsByPage: groupByPage(state.annotations),
    formValues: state.formValues ?? NO_FORM_VALUES,
    canUndo: false,
    canRedo: false,
    actions: {
      add(annotation) {
        applyAll([addAnnotation(annotation)], `Add ${annotation.type}`);
      },
      update(patches, label = 'Edit') {
        applyAll(Object.entries(patches).map(([id, patch]) => updateAnnotation(id, patch)), label);
      },
      // What goes leaves the selection too, in the same update (createEditorStore).
      remove(ids) {
        applyAll([removeAnnotations(ids)], 'Delete');
      },
      undo() {
        history.undo();
      },
      redo() {
        history.redo();
      },
      beginGesture(label) {
        return history.begin(label);
      },
      loadDocument(bytes, annotations) {
        // A new file: the password of the last one is not its password.
        get().actions.setPdfPassword(null);
        // Annotations and form values loaded from storage before the file arrived stay with it.
        history.reset({ ...history.state, pdf: bytes && pdfRevision(bytes), annotations: annotations ?? history.state.annotations });
      },
      setFormValues(formValues, label) {
        history.apply((doc) => ({ ...doc, formValues }), label);
      },
      applyDocument(next, label) {
        history.apply(() => next, label);
      },
      setAnnotations(annotations, { record = true } = {}) {
        if (sameAnnotations(annotations, history.state.annotations)) return false;
        if (record) history.apply((doc) => ({ ...doc, annotations }), 'Replace annotations');
        else history.reset({ ...history.state, annotations });
        return true;
      },
      // A collaborator's change, replayed on the list now: no undo step (the history rebases ours).
      applyRemoteAnnotations(from, to) {
        history.applyRemote((doc) => {
          const annotations = rebaseAnnotations(from, to, doc.annotations);
          return annotations === doc.annotations ? doc : { ...doc, annotations };
        });
      },
    },
  };
}
