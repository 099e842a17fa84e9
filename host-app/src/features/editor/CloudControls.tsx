// The signed-in editor's own controls, rendered in the SDK's toolbar so they read the editor's
// state: the "Unsaved changes" badge, the version history and the exit guard. Saving itself (the
// Save button, what is unsaved, the 30-second autosave, the local draft, conflicts, page edits) is
// the editor's persistence, given the document's storage and this tab's drafts by CloudEditor.
import { useEditorRuntime, useEditorState } from '@marginalia/pdf-editor';
import { useEffect, useRef } from 'react';
import { UnsavedBadge } from './EditorChrome';
import { ExitGuard } from './useExitGuard';
import { VersionHistory } from './VersionHistory';

export const SAVED_MESSAGE = 'Document saved';
export const SAVE_FAILED_MESSAGE = 'Failed to save document';

interface CloudControlsProps {
  documentId: string;
  fileName: string;
  /** A draft that was being saved when the session ended: save it as soon as the PDF is open. */
  saveOnOpen: boolean;
  /** The server's content changed under the editor (a revision was restored): load it again. */
  onReload(): void;
  /** Throws the unsaved work away, its local draft included. */
  discard(): Promise<void>;
  /** Edited together: the LiveSession's badge says what is saved, not "Unsaved changes". */
  live?: boolean;
  /** The owner's: versions are theirs to list and restore. */
  versions?: boolean;
}

export function CloudControls({ documentId, fileName, saveOnOpen, onReload, discard, live = false, versions = true }: CloudControlsProps) {
  const editor = useEditorRuntime();
  const dirty = useEditorState((state) => state.dirty);
  const saving = useEditorState((state) => state.saving);
  const opened = useEditorState((state) => state.pdf !== null);
  const save = () => editor.save();

  const savedOnOpen = useRef(false);
  useEffect(() => {
    // Once the PDF is open and the draft laid over the stored annotations (so there is work to save).
    if (!saveOnOpen || savedOnOpen.current || !opened || !dirty) return;
    savedOnOpen.current = true;
    void editor.save();
  }, [saveOnOpen, opened, dirty, editor]);

  return (
    <>
      <UnsavedBadge show={dirty && !live} />
      {versions && <VersionHistory documentId={documentId} fileName={fileName} dirty={dirty} save={save} savedVersion={editor.storageVersion} onRestored={onReload} />}
      <ExitGuard isDirty={() => editor.getState().dirty} fileName={fileName} saving={saving} save={save} discard={discard} />
    </>
  );
}
