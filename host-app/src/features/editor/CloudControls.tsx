// The signed-in editor's own controls, rendered in the SDK's toolbar so they read the editor's state:
// Save (the annotations' changes alone, or the PDF and its remapped annotations together after page
// edits, both with the version check), the "Unsaved changes" badge, the 30-second autosave, the local draft of
// every change until the server confirms it, the exit guard and the version history.
import type { Annotation, PdfRevision } from '@marginalia/pdf-editor/core';
import { useEditorRuntime, useEditorState } from '@marginalia/pdf-editor';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { deleteDraft, saveDraft } from '../drafts/draftStore';
import { AUTOSAVE_DELAY_MS, UnsavedBadge } from './EditorChrome';
import { ExitGuard } from './useExitGuard';
import { VersionHistory } from './VersionHistory';

/** Changes are written to the local draft this long after the last one. */
export const DRAFT_WRITE_DELAY_MS = 300;
export const SAVED_MESSAGE = 'Document saved';
export const SAVE_FAILED_MESSAGE = 'Failed to save document';

/** What the server holds: the PDF and annotations last loaded or saved, and their version. */
export interface SavedState {
  /**
   * The server's PDF among the editor's revisions of it: `'opened'` for the file the editor opens
   * (the server's own), the revision saved once the pages are saved, or null when the editor
   * opens another PDF (a draft's), which is then unsaved.
   */
  pdf: PdfRevision | 'opened' | null;
  /**
   * The server's list at `version`, which a save's changes are measured against. Under a restored
   * draft it is the list loaded now: a draft based on an older version is refused (409) either way.
   */
  annotations: Annotation[];
  version: number;
}

/** Whether the editor's PDF is the server's; `opened` is the editor's first revision, the file it opened. */
function isSavedPdf(pdf: PdfRevision, saved: SavedState['pdf'], opened: PdfRevision | null): boolean {
  return pdf === (saved === 'opened' ? opened : saved);
}

/** What the page around the editor can ask of the controls (the conflict banner's buttons). */
export interface CloudControlsApi {
  /** Saves on top of `version` (the user keeps their copy after a conflict). */
  saveOver(version: number): Promise<boolean>;
}

interface CloudControlsProps {
  documentId: string;
  accountId: string;
  /** This tab's id, which its drafts are kept under. */
  tabId: string;
  fileName: string;
  /** The server's state the editor's content is compared with. */
  saved: SavedState;
  /** A draft that was being saved when the session ended: save it as soon as the PDF is open. */
  saveOnOpen: boolean;
  /** A conflict waits for the user: no autosave meanwhile. */
  paused: boolean;
  onConflict(version: number | undefined): void;
  /** The server's content changed under the editor (a revision was restored): load it again. */
  onReload(): void;
  register(api: CloudControlsApi): void;
}

function versionOf(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'version' in body && typeof body.version === 'number') return body.version;
  return undefined;
}

export function CloudControls(props: CloudControlsProps) {
  const { documentId, accountId, tabId, fileName, saveOnOpen, paused, onConflict, onReload, register } = props;
  const runtime = useEditorRuntime();
  const pdf = useEditorState((state) => state.pdf);
  const annotations = useEditorState((state) => state.annotations);
  // The editor's first revision is the file it opened (it remounts, with these controls, for another).
  const opened = useRef<PdfRevision | null>(null);
  opened.current ??= pdf;
  const [saved, setSavedState] = useState(props.saved);
  const savedRef = useRef(props.saved);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const saveRequested = useRef(saveOnOpen);
  // Draft writes and deletes run one after another, in the order they were asked for.
  const draftQueue = useRef<Promise<void>>(Promise.resolve());

  const dirty = pdf !== null && (!isSavedPdf(pdf, saved.pdf, opened.current) || annotations !== saved.annotations);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const enqueue = useCallback((work: () => Promise<void>) => {
    const next = draftQueue.current.then(work).catch((error: unknown) => console.warn('Local draft not updated', error));
    draftQueue.current = next;
    return next;
  }, []);

  const writeDraft = useCallback(
    (baseVersion: number) =>
      enqueue(async () => {
        const state = runtime.store.getState();
        if (!state.pdf) return;
        await saveDraft({
          accountId,
          documentId,
          tabId,
          fileName,
          annotations: state.annotations,
          // A copy of this revision's bytes alone: its buffer may also hold later revisions.
          pdf: isSavedPdf(state.pdf, savedRef.current.pdf, opened.current) ? null : state.pdf.bytes().slice(),
          baseVersion,
          saveRequested: saveRequested.current,
          savedAt: Date.now(),
        });
      }),
    [enqueue, runtime, accountId, documentId, tabId, fileName],
  );

  const dropDraft = useCallback(() => enqueue(() => deleteDraft(accountId, documentId, tabId)), [enqueue, accountId, documentId, tabId]);

  const markSaved = (next: SavedState) => {
    savedRef.current = next;
    setSavedState(next);
  };

  const save = useCallback(
    async (baseOverride?: number): Promise<boolean> => {
      const { pdf, annotations: current } = runtime.store.getState();
      if (!pdf || savingRef.current) return false;
      const base = baseOverride ?? savedRef.current.version;
      const pagesChanged = !isSavedPdf(pdf, savedRef.current.pdf, opened.current);
      savingRef.current = true;
      setSaving(true);
      saveRequested.current = true;
      // On disk before the request: an expired session or a closed tab cannot lose these changes.
      await writeDraft(base);
      try {
        // Changes are measured against the saved list, which is the one stored at its own version
        // only: saving over another version (after a conflict) sends the whole list.
        const version = pagesChanged
          ? (await documentsApi.saveContent(documentId, pdf.bytes(), fileName, [...current], base)).version
          : baseOverride === undefined
            ? (await documentsApi.saveAnnotationChanges(documentId, [...current], base, savedRef.current.annotations)).version
            : (await documentsApi.saveAnnotations(documentId, [...current], base)).version;
        saveRequested.current = false;
        markSaved({ pdf, annotations: current, version });
        // Gone before the user hears "saved": a reload right after must not offer the draft back.
        const latest = runtime.store.getState();
        if (latest.pdf === pdf && latest.annotations === current) await dropDraft();
        toast.success(SAVED_MESSAGE);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) onConflict(versionOf(error.body));
        // Other API failures were toasted by the client (a 401 also leads to /login; the draft stays).
        else if (!(error instanceof ApiError)) toast.error(SAVE_FAILED_MESSAGE);
        return false;
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [runtime, writeDraft, dropDraft, documentId, fileName, onConflict],
  );

  useEffect(() => register({ saveOver: (version) => save(version) }), [register, save]);

  // Every change goes to the local draft; back at the saved state the draft is gone.
  useEffect(() => {
    if (pdf === null) return;
    if (!dirty) {
      void dropDraft();
      return;
    }
    const timer = window.setTimeout(() => void writeDraft(savedRef.current.version), DRAFT_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pdf, annotations, dirty, writeDraft, dropDraft]);

  const savedOnOpen = useRef(false);
  useEffect(() => {
    if (!saveOnOpen || savedOnOpen.current || pdf === null) return;
    savedOnOpen.current = true;
    void save();
  }, [saveOnOpen, pdf, save]);

  useEffect(() => {
    if (!dirty || paused) return;
    const timer = window.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [annotations, pdf, dirty, paused, save]);

  const discard = async () => {
    saveRequested.current = false;
    await dropDraft();
  };

  return (
    <>
      <UnsavedBadge show={dirty} />
      <VersionHistory documentId={documentId} fileName={fileName} dirty={dirty} save={save} savedVersion={saved.version} onRestored={onReload} />
      <button type="button" className="mg-button mg-primary" disabled={saving || !dirty} onClick={() => void save()}>
        {saving ? 'Saving...' : 'Save'}
      </button>
      <ExitGuard isDirty={() => dirtyRef.current} fileName={fileName} saving={saving} save={() => save()} discard={discard} />
    </>
  );
}
