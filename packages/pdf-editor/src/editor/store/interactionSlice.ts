// The interaction slice: what the user is doing with the document (tool and style, selection, the
// shape being drawn, the drag in progress, the marquee, the hover, the text being typed, a pending
// placement) and the commands on the selection. Its edits of the document go through the document
// slice's actions, so each is one history step.
import type { Annotation, AnnotationInput, EditorTool } from '../../core/index';
import { addAnnotation, buildAnnotationSchemas, kindOf, normalizeAnnotation, updateAnnotation } from '../../core/internal';
import { translate } from '../tools/geometry';
import type { ApplyUpdates } from './documentSlice';
import type { GetState, SetSlice, Slice } from './slice';
import { DEFAULT_STYLE, stylePatch, styleOf, textStyleOf, type AnnotationStyle } from './style';

export const PASTE_OFFSET = 20;

type InteractionField = 'tool' | 'style' | 'selectedIds' | 'draft' | 'transient' | 'marquee' | 'hoverId' | 'editing' | 'placement';
type InteractionAction =
  | 'setTool'
  | 'setStyle'
  | 'select'
  | 'deleteSelected'
  | 'copy'
  | 'paste'
  | 'nudge'
  | 'setDraft'
  | 'setTransient'
  | 'setMarquee'
  | 'setHover'
  | 'startEditing'
  | 'setEditingContent'
  | 'commitEditing'
  | 'cancelEditing'
  | 'requestPlacement'
  | 'completePlacement';

function pasteCopy(source: Annotation, page: number): Annotation {
  const copy = structuredClone(source);
  const moved = { ...copy, ...translate(copy, PASTE_OFFSET, PASTE_OFFSET), page };
  // A copy is a new annotation: its own id and dates, and no discussion yet.
  const { id: _id, createdAt: _created, updatedAt: _updated, replies: _replies, ...rest } = moved;
  return normalizeAnnotation(rest as Parameters<typeof normalizeAnnotation>[0]) as Annotation;
}

export function interactionSlice(applyAll: ApplyUpdates, set: SetSlice<InteractionField>, get: GetState): Slice<InteractionField, InteractionAction> {
  let clipboard: Annotation[] = [];
  // Each drawing tool keeps the style chosen while it was active: a highlight stays yellow after a
  // red rectangle. A tool not used yet starts from the style chosen with nothing selected and no
  // drawing tool active; the select tool shows the selection's style or the last one.
  const toolStyles = new Map<EditorTool, AnnotationStyle>();
  let baseStyle = DEFAULT_STYLE;

  return {
    tool: 'select',
    style: DEFAULT_STYLE,
    selectedIds: [],
    draft: null,
    transient: null,
    marquee: null,
    hoverId: null,
    editing: null,
    placement: null,
    actions: {
      setTool(tool) {
        if (tool !== 'select' && !get().actions.allow({ type: 'tool', tool })) return false;
        if (tool !== 'select') buildAnnotationSchemas();
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
      deleteSelected() {
        get().actions.remove(get().selectedIds);
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
        const { annotations, selectedIds, actions } = get();
        const patches = Object.fromEntries(
          annotations.filter((a) => selectedIds.includes(a.id)).map((a) => [a.id, translate(a, dx, dy)]),
        );
        if (Object.keys(patches).length > 0) actions.update(patches, 'Move');
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
        const { editing, style, actions } = get();
        if (!editing) return;
        set({ editing: null });
        const { kind, page, position, content } = editing;
        const { capabilities } = kindOf(kind);
        const blank = content.trim() === '';
        if (editing.id) {
          // Blank text deletes what is nothing but its text (a text box, a comment); a caret stays a bare mark.
          if (blank && capabilities.edit?.required !== false) actions.remove([editing.id]);
          else applyAll([updateAnnotation(editing.id, { content: blank ? '' : content })], 'Edit text');
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
      requestPlacement(placement) {
        set({ placement });
      },
      completePlacement(imageData) {
        const { placement, style, actions } = get();
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
        if (kind === 'signature') actions.setSavedSignatures([imageData, ...get().savedSignatures]);
      },
    },
  };
}
