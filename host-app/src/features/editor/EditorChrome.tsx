// Host pieces rendered inside the SDK's toolbar (so they can read the editor's state): the
// "Unsaved changes" badge, the tool-pick announcer and the 30-second autosave.
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useEditorRuntime, useEditorState } from '@marginalia/pdf-editor';
import type { EditorTool } from '@marginalia/pdf-editor';

export const AUTOSAVE_DELAY_MS = 30_000;

export function UnsavedBadge({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span className="badge badge-warning" role="status">
      Unsaved changes
    </span>
  );
}

/** The SDK's own notion of unsaved: the annotations differ from those last loaded or saved. */
export function useSdkUnsaved(): boolean {
  return useEditorState((state) => state.annotations !== state.savedAnnotations);
}

/** Announces "{Tool} tool selected" when the user picks an annotation tool, and reports the pick. */
export function ToolWatcher({ onPicked }: { onPicked(tool: EditorTool): void }) {
  const runtime = useEditorRuntime();
  const tool = useEditorState((state) => state.tool);
  const previous = useRef(tool);
  const latest = useRef(onPicked);
  latest.current = onPicked;
  useEffect(() => {
    if (tool === previous.current) return;
    previous.current = tool;
    if (tool === 'select') return;
    const label = runtime.messages[`tool.${tool}`] ?? tool;
    toast(`${label} tool selected`, { id: 'tool-selected' });
    latest.current(tool);
  }, [tool, runtime]);
  return null;
}

/** Saves through the SDK 30 s after the last change, unless a conflict is waiting for the user. */
export function Autosave({ paused }: { paused: boolean }) {
  const runtime = useEditorRuntime();
  const annotations = useEditorState((state) => state.annotations);
  const dirty = useSdkUnsaved();
  useEffect(() => {
    if (!dirty || paused) return;
    const timer = window.setTimeout(() => void runtime.save(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [annotations, dirty, paused, runtime]);
  return null;
}
