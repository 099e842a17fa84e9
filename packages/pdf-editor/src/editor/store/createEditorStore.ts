// One editor's store: a zustand vanilla store whose document part lives in the core history.
// Every annotation or page change is `history.apply` (or a gesture transaction), and the store
// mirrors the history's state, so undo, redo and controlled mode all read one source of truth.
// The history tells what each change did (`diffDocument`), so a save can send only that.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { Annotation, AnnotationInput, AnnotationListUpdate, DocumentDiff, EditorTool, History } from '../../core/index';
import { addAnnotation, createHistory, diffDocument, normalizeAnnotation, openGate, pdfRevision, rebaseAnnotations, rebaseDocument, removeAnnotations, updateAnnotation } from '../../core/internal';
import { kindOf, recentSignatures, sameAnnotations } from '../../core/internal';
import { translate } from '../tools/geometry';
import { DEFAULT_STYLE, stylePatch, styleOf, textStyleOf, type AnnotationStyle } from './style';
import type { DocumentState, EditorActions, EditorState, EditorStoreOptions } from './types';
import { groupByPage, updatePageLists } from './pageLists';
import { clampZoom, ZOOM } from './zoom';

export const PASTE_OFFSET = 20;

/** A zustand vanilla store of one editor, with the core history it mirrors (its changes carry their diff). */
export interface EditorStore extends StoreApi<EditorState> {
  history: History<DocumentState, DocumentDiff>;
}

const onAnnotations =
  (update: AnnotationListUpdate) =>
  (doc: DocumentState): DocumentState => {
    const annotations = update(doc.annotations);
    return annotations === doc.annotations ? doc : { ...doc, annotations };
  };

function pasteCopy(source: Annotation, page: number): Annotation {
  const copy = structuredClone(source);
  const moved = { ...copy, ...translate(copy, PASTE_OFFSET, PASTE_OFFSET), page };
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = moved;
  return normalizeAnnotation(rest as Parameters<typeof normalizeAnnotation>[0]) as Annotation;
}

/** Creates the store of one editor; its document changes all go through the core history. */
export function createEditorStore(options: EditorStoreOptions = {}): EditorStore {
  const history = createHistory<DocumentState, DocumentDiff>(
    { pdf: options.pdf ?? null, annotations: options.annotations ?? [] },
    // Rebased undo: after a collaborator's change, a step undoes only the fields it changed.
    { limit: options.historyLimit ?? 50, diff: diffDocument, rebase: rebaseDocument },
  );
  const gate = options.gate ?? openGate;
  let clipboard: Annotation[] = [];
  // Each drawing tool keeps the style chosen while it was active: a highlight stays yellow after a
  // red rectangle. A tool not used yet starts from the style chosen with nothing selected and no
  // drawing tool active; the select tool shows the selection's style or the last one.
  const toolStyles = new Map<EditorTool, AnnotationStyle>();
  let baseStyle = DEFAULT_STYLE;

  const store = createStore<EditorState>()((set, get) => {
    const apply = (update: AnnotationListUpdate, label?: string, mergeKey?: string) => applyAll([update], label, mergeKey);
    // Several list updates as one history step (a multi-selection moved or restyled together).
    const applyAll = (updates: AnnotationListUpdate[], label?: string, mergeKey?: string) =>
      history.apply(
        onAnnotations((list) => updates.reduce<Annotation[]>((current, update) => update(current), list as Annotation[])),
        mergeKey ? { label, mergeKey } : label,
      );

    const actions: EditorActions = {
      allow(action) {
        const decision = gate.check(action);
        if (decision === 'allow') return true;
        options.onGatePrompt?.(decision, action);
        return false;
      },
      setTool(tool) {
        if (tool !== 'select' && !actions.allow({ type: 'tool', tool })) return false;
        const { tool: previous, style } = get();
        if (previous !== 'select') toolStyles.set(previous, style);
        const next = tool === 'select' ? style : (toolStyles.get(tool) ?? baseStyle);
        set({ tool, style: next, selectedIds: [], draft: null, transient: null, marquee: null, hoverId: null, placement: null });
        return true;
      },
      setStyle(change, { mergeKey } = {}) {
        set({ style: { ...get().style, ...change } });
        const { selectedIds, annotations, tool } = get();
        if (selectedIds.length === 0 && tool === 'select') baseStyle = { ...baseStyle, ...change };
        if (selectedIds.length === 0) return;
        const selected = annotations.filter((a) => selectedIds.includes(a.id));
        applyAll(
          selected.map((a) => updateAnnotation(a.id, stylePatch(a, change, get().style))),
          'Change style',
          mergeKey,
        );
      },
      select(ids) {
        const first = get().annotations.find((a) => a.id === ids[0]);
        set({ selectedIds: ids, ...(first && ids.length === 1 ? { style: styleOf(first, get().style) } : {}) });
      },
      add(annotation) {
        apply(addAnnotation(annotation), `Add ${annotation.type}`);
      },
      update(patches, label = 'Edit') {
        applyAll(Object.entries(patches).map(([id, patch]) => updateAnnotation(id, patch)), label);
      },
      remove(ids) {
        apply(removeAnnotations(ids), 'Delete');
        set({ selectedIds: get().selectedIds.filter((id) => !ids.includes(id)) });
      },
      deleteSelected() {
        actions.remove(get().selectedIds);
      },
      copy() {
        const { annotations, selectedIds } = get();
        clipboard = annotations.filter((a) => selectedIds.includes(a.id)).map((a) => structuredClone(a));
      },
      paste() {
        if (clipboard.length === 0) return;
        const pasted = clipboard.map((a) => pasteCopy(a, get().currentPage));
        applyAll(pasted.map((a) => addAnnotation(a)), 'Paste');
        // The next paste lands another 20 px further, like repeated pastes in desktop editors.
        clipboard = pasted;
        set({ selectedIds: pasted.map((a) => a.id) });
      },
      nudge(dx, dy) {
        const { annotations, selectedIds } = get();
        const patches = Object.fromEntries(
          annotations.filter((a) => selectedIds.includes(a.id)).map((a) => [a.id, translate(a, dx, dy)]),
        );
        if (Object.keys(patches).length > 0) actions.update(patches, 'Move');
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
      setDraft(draft) {
        set({ draft });
      },
      setTransient(transient) {
        set({ transient });
      },
      setMarquee(marquee) {
        set({ marquee });
      },
      setHover(hoverId) {
        if (get().hoverId !== hoverId) set({ hoverId });
      },
      startEditing(editing) {
        set({ editing, selectedIds: editing.id ? [editing.id] : [] });
      },
      setEditingContent(content) {
        const editing = get().editing;
        if (editing) set({ editing: { ...editing, content } });
      },
      commitEditing() {
        const { editing, style } = get();
        if (!editing) return;
        set({ editing: null });
        const { kind, page, position, content } = editing;
        const { capabilities } = kindOf(kind);
        const blank = content.trim() === '';
        if (editing.id) {
          // Blank text deletes what is nothing but its text (a text box, a comment); a caret stays a bare mark.
          if (blank && capabilities.edit?.required !== false) actions.remove([editing.id]);
          else apply(updateAnnotation(editing.id, { content: blank ? '' : content }), 'Edit text');
          return;
        }
        if (blank) return;
        const fields = capabilities.text
          ? { color: style.color, opacity: style.opacity, ...textStyleOf(style) }
          : { color: style.color === '#000000' ? '#FFD700' : style.color };
        actions.add(normalizeAnnotation({ type: kind, page, position, content, ...fields } as AnnotationInput) as Annotation);
      },
      cancelEditing() {
        set({ editing: null });
      },
      setNotice(notice) {
        set({ notice });
      },
      requestPlacement(placement) {
        set({ placement });
      },
      completePlacement(imageData) {
        const { placement, style } = get();
        if (!placement) return;
        set({ placement: null });
        const { kind, page, rect } = placement;
        actions.add(
          normalizeAnnotation({
            type: kind,
            page,
            position: { x: rect.x, y: rect.y },
            width: rect.width,
            height: rect.height,
            imageData,
            opacity: style.opacity,
          }) as Annotation,
        );
        const saved = get().savedSignatures;
        if (kind === 'signature' && saved[0] !== imageData) {
          set({ savedSignatures: recentSignatures([imageData, ...saved]) });
        }
      },
      removeSavedSignature(imageData) {
        const saved = get().savedSignatures;
        if (saved.includes(imageData)) set({ savedSignatures: saved.filter((url) => url !== imageData) });
      },
      goToPage(page) {
        const count = get().pageCount;
        const target = Math.max(1, count > 0 ? Math.min(count, Math.round(page)) : Math.round(page));
        if (target !== get().currentPage) set({ currentPage: target });
      },
      setPageCount(pageCount) {
        set({ pageCount, currentPage: Math.min(Math.max(1, get().currentPage), Math.max(1, pageCount)) });
      },
      setPdfPassword(pdfPassword) {
        set({ pdfPassword });
      },
      setZoom(zoom) {
        set({ zoom: clampZoom(zoom) });
      },
      loadDocument(bytes, annotations) {
        // A new file: the password of the last one is not its password.
        set({ pdfPassword: null });
        history.reset({ pdf: bytes && pdfRevision(bytes), annotations: annotations ?? history.state.annotations });
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
      applyRemoteAnnotations(from, to) {
        history.applyRemote(onAnnotations((annotations) => rebaseAnnotations(from, to, annotations)));
      },
    };

    return {
      pdf: history.state.pdf,
      documentRevision: 0,
      annotations: history.state.annotations,
      annotationsByPage: groupByPage(history.state.annotations),
      canUndo: false,
      canRedo: false,
      tool: 'select',
      style: DEFAULT_STYLE,
      selectedIds: [],
      currentPage: Math.max(1, options.initialPage ?? 1),
      pageCount: 0,
      pdfPassword: null,
      zoom: options.zoom ?? ZOOM.initial,
      draft: null,
      transient: null,
      marquee: null,
      hoverId: null,
      editing: null,
      placement: null,
      savedSignatures: [],
      savedAnnotations: history.state.annotations,
      dirty: false,
      saving: false,
      conflict: null,
      notice: null,
      actions,
    };
  });

  // Mirrors each change in the store at the cost of what it changed (its diff), not of the document:
  // only the touched pages get new lists, and the selection stays the same array unless a selected
  // annotation went away, so views that select either do not render again for other edits.
  history.subscribe((doc, change) => {
    const previous = store.getState();
    const diff = doc.annotations !== previous.annotations && change.diff;
    const gone = new Set(diff ? diff.removed.map((a) => a.id) : []);
    store.setState({
      annotations: doc.annotations,
      annotationsByPage: diff ? updatePageLists(previous.annotationsByPage, doc.annotations, diff) : previous.annotationsByPage,
      pdf: doc.pdf,
      documentRevision: previous.documentRevision + (doc.pdf === previous.pdf ? 0 : 1),
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      // Undo can take away what was selected: never keep a selection of missing annotations.
      selectedIds: previous.selectedIds.some((id) => gone.has(id)) ? previous.selectedIds.filter((id) => !gone.has(id)) : previous.selectedIds,
    });
  });

  return Object.assign(store, { history });
}
