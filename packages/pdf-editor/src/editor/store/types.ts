// Shape of one editor's state. The document part ({ pdf, annotations }, the core's DocumentState)
// is what the core history records, so page operations and annotation edits undo alike.
import type { Annotation, AnnotationPatch, DocumentState, EditorTool, FormValues, Gate, GateAction, GateDecision, History, PdfRevision, Point, Rect, StorageConflictError } from '../../core/index';
import type { PagePoint } from '../pointer';
import type { AnnotationStyle } from './style';

/**
 * The text of an annotation being typed in place: one of a kind whose capabilities say how
 * (`edit`), a text box or a comment's note. `id` is set when an existing annotation is edited.
 */
export interface TextEditing {
  kind: Annotation['type'];
  page: number;
  position: Point;
  id?: string;
  content: string;
}

/** A place waiting for content the user picks in a dialog (image file, drawn signature). */
export interface PlacementRequest {
  kind: 'image' | 'signature';
  page: number;
  rect: Rect;
}

/**
 * Annotations being moved or resized, drawn at their new place (the originals hidden) while the
 * gesture lasts. The document changes only when it ends, as one undo step, so a drag among
 * thousands of annotations re-renders the moving ones and nothing else.
 */
export interface TransientEdit {
  /** Ids of the annotations being changed; the same array for the whole gesture. */
  ids: readonly string[];
  /** Those annotations as they would be if the gesture ended now. */
  annotations: readonly Annotation[];
  /** A move: the annotations as the gesture found them (the same array throughout) and how far
   * they have moved, so the viewer slides one drawing of them instead of redrawing them. */
  moved?: { from: readonly Annotation[]; dx: number; dy: number };
}

/** The box a select-tool drag on empty page area spans (page points), while the drag lasts. */
export interface Marquee {
  page: number;
  rect: Rect;
}

/**
 * A message the editor shows itself, in its notice (role `alert`), when the host has no handler
 * for it: a failed download without `onError`, a gate prompt without `onGatePrompt`.
 */
export interface EditorNotice {
  /** The headline, one of the editor's messages (e.g. `exportFailed`, `upgradeRequired`). */
  message: string;
  /** What went wrong, when there is more to say (the error's own message). */
  detail?: string;
}

/**
 * A collaborator in the document, as presence reports them (`connectPresence` of
 * `@marginalia/pdf-editor/collab`): who they are, the page they look at, their pointer and their
 * selection.
 */
export interface Peer {
  /** Their connection's id (the Yjs awareness `clientID`): one per editor they have open. */
  clientId: number;
  /** Their name, as their editor published it. */
  name: string;
  /** The colour (`#rrggbb`) their avatar, pointer and selection are drawn in. */
  color: string;
  /** The page they look at (1-based). */
  page: number;
  /** Their pointer on a page, null while it is off the pages. */
  pointer: PagePoint | null;
  /** Ids of the annotations they have selected. */
  selection: readonly string[];
}

/** Everything one editor knows: document, tool, style, selection, page, zoom and gesture feedback. */
export interface EditorState {
  /**
   * The PDF as edited so far, null before a file is loaded: the file as loaded, then one revision
   * per page operation. `pdf.bytes()` reads its bytes (shared with the undo history: copy them
   * before changing or transferring them).
   */
  pdf: PdfRevision | null;
  /** Incremented whenever `pdf` changes (new file, page operation, undo), so the viewer reloads it. */
  documentRevision: number;
  annotations: Annotation[];
  /**
   * `annotations` by page (1-based), each list in drawing order; pages without annotations are
   * absent. An edit replaces only the lists of the pages it touched: the others stay the same
   * arrays, so a page view that selects its own list renders only when its page changed.
   */
  annotationsByPage: ReadonlyMap<number, readonly Annotation[]>;
  /**
   * The values the user gave the PDF's form fields, by full field name: only those that differ from
   * the file's (`editor.forms` sets them). Part of the document state, so changes undo like edits.
   */
  formValues: FormValues;
  canUndo: boolean;
  canRedo: boolean;
  tool: EditorTool;
  style: AnnotationStyle;
  /**
   * The selected annotations, in the order they were picked: one after a click, several after
   * Shift+clicks or a marquee. Moves, deletes, copies and style changes apply to all of them as one
   * undo step.
   */
  selectedIds: string[];
  currentPage: number;
  pageCount: number;
  /**
   * The password the user typed to open the document (null when it needed none): page operations
   * and exports hand it to the core, and the viewer tries it first on the documents they make.
   */
  pdfPassword: string | null;
  zoom: number;
  /**
   * A new annotation being drawn; it joins the document when the gesture ends.
   * @internal The viewer shows it; not part of the package's API (a tool sets it with `setDraft`).
   */
  draft: Annotation | null;
  /**
   * The selection being dragged or resized, shown in place of the originals until release.
   * @internal The select tool sets it and the viewer shows it; not part of the package's API.
   */
  transient: TransientEdit | null;
  /** The box the select tool's marquee spans while it is dragged. */
  marquee: Marquee | null;
  /** The eraser's (or any tool's) hover target. */
  hoverId: string | null;
  editing: TextEditing | null;
  /**
   * Where an image or signature goes once the user picks it.
   * @internal The image and signature dialogs read it; not part of the package's API.
   */
  placement: PlacementRequest | null;
  /**
   * PNG data URLs of the signatures the user drew, most recently used first, offered again by the
   * signature dialog. The editor loads and saves them through its `signatureStore` option.
   */
  savedSignatures: string[];
  /** The annotations as last loaded from or saved to storage. */
  savedAnnotations: Annotation[];
  /** The annotations or the pages differ from what storage holds (undoing back to it clears it). */
  dirty: boolean;
  /** A save is running. */
  saving: boolean;
  /**
   * Why the last save was refused when storage holds another version (its `currentVersion`, which
   * `saveOver` saves over); null once a save starts.
   */
  conflict: StorageConflictError | null;
  /** The notice on show, until the user dismisses it or the next one replaces it. */
  notice: EditorNotice | null;
  /** The collaborators in the document (none without presence), ordered by `clientId`. */
  peers: readonly Peer[];
  /** The `clientId` of the collaborator whose view this editor follows, null when none. */
  following: number | null;
  actions: EditorActions;
}

/** The commands that change an editor's state. */
export interface EditorActions {
  setTool(tool: EditorTool): boolean;
  setStyle(change: Partial<AnnotationStyle>, options?: { mergeKey?: string }): void;
  select(ids: string[]): void;
  add(annotation: Annotation): void;
  update(patches: Record<string, AnnotationPatch>, label?: string): void;
  remove(ids: string[]): void;
  deleteSelected(): void;
  copy(): void;
  paste(): void;
  nudge(dx: number, dy: number): void;
  undo(): void;
  redo(): void;
  /**
   * Starts a gesture: every change until it commits is one undo step; cancel restores.
   * @internal The editor's own tools' undo steps; not part of the package's API.
   */
  beginGesture(label?: string): { commit(): void; cancel(): void };
  setDraft(draft: Annotation | null): void;
  /**
   * Shows a move or resize in progress without changing the document; null when it ends.
   * @internal
   */
  setTransient(transient: TransientEdit | null): void;
  setHover(id: string | null): void;
  /** Shows the select tool's marquee box; null when the drag ends. */
  setMarquee(marquee: Marquee | null): void;
  startEditing(editing: TextEditing): void;
  setEditingContent(content: string): void;
  /** Commits the text being edited: non-blank adds or updates, blank deletes an existing one. */
  commitEditing(): void;
  cancelEditing(): void;
  /**
   * Asks for an image or signature to place (the dialogs open); null closes them.
   * @internal
   */
  requestPlacement(request: PlacementRequest | null): void;
  /**
   * Places an image or signature at the pending placement; a signature becomes the first saved one.
   * @internal
   */
  completePlacement(imageData: string): void;
  /**
   * Keeps `signatures` as `savedSignatures`, the first ones first, each once, the oldest dropped
   * beyond the limit (`recentSignatures`); nothing changes when that is the list already kept.
   * @internal The signature dialog and the signature store's sync; not part of the package's API.
   */
  setSavedSignatures(signatures: string[]): void;
  /** Forgets one of `savedSignatures` (the annotations already placed with it stay). */
  removeSavedSignature(imageData: string): void;
  goToPage(page: number): void;
  setPageCount(count: number): void;
  setPdfPassword(password: string | null): void;
  setZoom(zoom: number): void;
  /** Replaces the document with a new file's bytes (null: none): no undo step, both stacks emptied. */
  loadDocument(bytes: Uint8Array | null, annotations?: Annotation[]): void;
  /**
   * Replaces the form values as one undo step labelled `label`.
   * @internal `editor.forms` checks the values and calls it; not part of the package's API.
   */
  setFormValues(values: FormValues, label: string): void;
  /** Applies a whole new document state as one undo step (page operations). */
  applyDocument(next: DocumentState, label: string): void;
  /**
   * Replaces the annotations from outside (controlled mode): as one undo step, or with
   * `{ record: false }` as a new starting point (undo and redo emptied). A list equal in content
   * to the current one changes nothing. Returns whether anything changed.
   */
  setAnnotations(annotations: Annotation[], options?: { record?: boolean }): boolean;
  /**
   * Applies a collaborator's change of the annotations, given as their list before and after it,
   * without an undo step: replayed on the annotations now (a gesture in progress keeps its own
   * changes), and undo and redo then change only what the editor's own steps changed.
   */
  applyRemoteAnnotations(from: readonly Annotation[], to: readonly Annotation[]): void;
  /** Shows a notice in the editor (replacing the one on show); null dismisses it. */
  setNotice(notice: EditorNotice | null): void;
  /** Replaces the collaborators shown (presence calls it); a followed one who is gone is followed no more. */
  setPeers(peers: readonly Peer[]): void;
  /**
   * Follows a collaborator's view (null: stops): the editor goes to the page they look at, and
   * again whenever they change page, until the user goes to another page or scrolls the view.
   */
  followPeer(clientId: number | null): void;
  /** Asks the gate; a prompt goes to the host's onGatePrompt and the answer is false. */
  allow(action: GateAction): boolean;
  /**
   * Records the annotations storage holds: as the editor's persistence loaded or last saved them,
   * or as a sync layer's server acknowledged them (`connectCollaboration` with `sync`). `dirty`
   * and the autosave follow.
   */
  setSavedAnnotations(annotations: Annotation[]): void;
  /**
   * Records whether the annotations or the pages differ from what storage holds.
   * @internal The editor's persistence, which works it out; not part of the package's API.
   */
  setDirty(dirty: boolean): void;
  /**
   * Records that a save starts (its last conflict forgotten) or ends.
   * @internal The editor's persistence; not part of the package's API.
   */
  setSaving(saving: boolean): void;
  /**
   * Records why storage refused the last save.
   * @internal The editor's persistence; not part of the package's API.
   */
  setConflict(conflict: StorageConflictError): void;
}

export interface EditorStoreOptions {
  annotations?: Annotation[];
  /** The PDF to start with (`pdfRevision(bytes)`); the editor's `loadDocument` replaces it. */
  pdf?: PdfRevision | null;
  initialPage?: number;
  zoom?: number;
  gate?: Gate;
  onGatePrompt?: (decision: Exclude<GateDecision, 'allow'>, action: GateAction) => void;
  historyLimit?: number;
}

export type { DocumentState, History };
