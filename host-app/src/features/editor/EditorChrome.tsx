// Host pieces rendered inside the SDK's toolbar (so they can read the editor's state): the
// "Unsaved changes" badge, the tool-pick announcer and the watcher of the PDF's opening.
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useDocumentView, useEditorRuntime, useEditorState } from '@marginalia/pdf-editor';
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
    // Host-defined tools (`custom:…`) have no message of their own: they are announced by name.
    const key = `tool.${tool}`;
    const label = key in runtime.messages ? runtime.messages[key as keyof typeof runtime.messages] : tool;
    toast(`${label} tool selected`, { id: 'tool-selected' });
    latest.current(tool);
  }, [tool, runtime]);
  return null;
}

/** Reports once whether the editor opened the PDF or could not read it. */
export function OpenWatcher({ onOpened, onFailed }: { onOpened(): void; onFailed(): void }) {
  const status = useDocumentView((view) => view.status);
  const reported = useRef(false);
  const latest = useRef({ onOpened, onFailed });
  latest.current = { onOpened, onFailed };
  useEffect(() => {
    if (reported.current || (status !== 'ready' && status !== 'error')) return;
    reported.current = true;
    if (status === 'ready') latest.current.onOpened();
    else latest.current.onFailed();
  }, [status]);
  return null;
}
