// The toolbar: Undo, Redo, one button per tool (from the tool registry), the collaborators here,
// Summary (opens the summary panel), Download and Save, with slots before and after for the host's
// own buttons. The tools (.mg-tools) and the file actions (.mg-file-actions) are groups the compact
// layout of styles.css moves: the tools to a scrolling bottom bar, the file actions into the "More
// actions" menu; on wider editors they lay out inline.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useEditorRuntime, useEditorState, useSummary } from '../context';
import { toolLabel } from '../../editor/internal';
import { Icon } from './Icon';
import { PeerAvatars } from './PeerAvatars';

/** Props of <Toolbar />: host slots and which of the Download and Save buttons to show. */
export interface ToolbarProps {
  /** Host content before the editor's buttons. */
  start?: ReactNode;
  /** Host content after the editor's buttons. */
  end?: ReactNode;
  /** Show the Download PDF button (default true). */
  download?: boolean;
  /** Show the Save button (default: when a storage adapter and a document id are given). */
  save?: boolean;
  /** Show the Summary button, which opens and closes the summary panel (default true). */
  summary?: boolean;
}

const UNDO = 'M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3';
const REDO = 'M15 14l5-5-5-5M20 9H10a6 6 0 000 12h3';

/** Undo, Redo, the tool buttons, Download and Save, with host slots. */
export function Toolbar({ start, end, download = true, save, summary = true }: ToolbarProps) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const tool = useEditorState((s) => s.tool);
  const canUndo = useEditorState((s) => s.canUndo);
  const canRedo = useEditorState((s) => s.canRedo);
  const saving = useEditorState((s) => s.saving);
  const unsaved = useEditorState((s) => s.dirty);
  const hasDocument = useEditorState((s) => s.pdf !== null);
  const summaryOpen = useSummary((s) => s.open);
  const showSave = save ?? Boolean(runtime.options.storage && runtime.options.documentId);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // Twice in the tree, one shown per layout: at the end of the tools, whose row scrolls, on wider
  // editors (beside the fixed file actions it took the room the tools need at 768 px), and in the
  // compact layout's "More actions" menu, with its name.
  const summaryToggle = summary && (
    <button type="button" className="mg-icon-button mg-summary-toggle" aria-label={messages.summary} title={messages.summary}
      aria-pressed={summaryOpen} disabled={!hasDocument} onClick={() => (summaryOpen ? runtime.summary.close() : runtime.summary.open())}>
      <Icon path="M5 6h14M5 10h14M5 14h9M5 18h6" />
      <span className="mg-menu-label">{messages.summary}</span>
    </button>
  );
  return (
    <div className="mg-toolbar" role="toolbar" aria-label={messages.tools}>
      {start}
      <button type="button" className="mg-icon-button" aria-label={messages.undo} title={`${messages.undo} (Ctrl+Z)`} disabled={!canUndo} onClick={runtime.undo}>
        <Icon path={UNDO} />
      </button>
      <button type="button" className="mg-icon-button" aria-label={messages.redo} title={`${messages.redo} (Ctrl+Shift+Z)`} disabled={!canRedo} onClick={runtime.redo}>
        <Icon path={REDO} />
      </button>
      <span className="mg-separator" />
      <div className="mg-tools">
        {runtime.tools.map(({ preset }) => {
          const label = toolLabel(preset, messages);
          return (
            <button
              key={preset.id}
              type="button"
              className="mg-icon-button mg-tool"
              data-tool={preset.id}
              aria-label={label}
              aria-pressed={tool === preset.id}
              title={preset.shortcut ? `${label} (${preset.shortcut.toUpperCase()})` : label}
              onClick={() => runtime.setTool(preset.id)}
            >
              <Icon path={preset.icon} />
            </button>
          );
        })}
        {summaryToggle}
      </div>
      <span className="mg-spacer" />
      <PeerAvatars />
      {/* Shown only by the compact layout, where the file actions live in this menu. */}
      <button type="button" className="mg-icon-button mg-menu-toggle" aria-label={messages.moreActions} title={messages.moreActions}
        aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((open) => !open)}>
        ⋯
      </button>
      {/* A pick in the open menu closes it. */}
      <div id={menuId} className="mg-file-actions" data-open={menuOpen} onClick={() => setMenuOpen(false)}>
        {summaryToggle}
        {download && (
          <button type="button" className="mg-button" disabled={!hasDocument} onClick={() => void runtime.download()}>
            {messages.download}
          </button>
        )}
        {showSave && (
          <button type="button" className="mg-button mg-primary" disabled={saving || !unsaved} onClick={() => void runtime.save()}>
            {saving ? messages.saving : messages.save}
          </button>
        )}
        {end}
      </div>
    </div>
  );
}
