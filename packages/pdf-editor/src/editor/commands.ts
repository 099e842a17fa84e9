// Commands as data: one registry that the toolbar and the keyboard shortcuts both read.
import type { Editor } from './types';
import type { MessageKey } from './messages';
import type { EditorState } from './store/types';
import { TOOLS } from './tools/registry';

/** A key press as the commands read it: the key and its modifiers. */
export interface KeyStroke {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A command: when a key stroke runs it, whether it is enabled, and what it does. */
export interface Command {
  id: string;
  label?: MessageKey;
  /** Whether this key stroke runs the command. */
  matches(stroke: KeyStroke): boolean;
  enabled?(state: EditorState): boolean;
  run(editor: Editor, stroke: KeyStroke): void;
}

const mod = (s: KeyStroke) => s.ctrlKey || s.metaKey;
const plain = (s: KeyStroke) => !s.ctrlKey && !s.metaKey && !s.altKey;
const NUDGE: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The command registry read by the keyboard shortcuts. */
export const COMMANDS: readonly Command[] = [
  {
    id: 'undo',
    label: 'undo',
    matches: (s) => mod(s) && !s.shiftKey && s.key.toLowerCase() === 'z',
    enabled: (s) => s.canUndo,
    run: (r) => r.undo(),
  },
  {
    id: 'redo',
    label: 'redo',
    matches: (s) => (mod(s) && s.shiftKey && s.key.toLowerCase() === 'z') || (s.ctrlKey && !s.shiftKey && s.key.toLowerCase() === 'y'),
    enabled: (s) => s.canRedo,
    run: (r) => r.redo(),
  },
  {
    id: 'delete',
    matches: (s) => plain(s) && (s.key === 'Delete' || s.key === 'Backspace'),
    enabled: (s) => s.selectedIds.length > 0,
    run: (r) => r.store.getState().actions.deleteSelected(),
  },
  {
    id: 'find',
    label: 'find',
    matches: (s) => mod(s) && !s.shiftKey && !s.altKey && s.key.toLowerCase() === 'f',
    run: (r) => r.find.open(),
  },
  {
    id: 'copy',
    matches: (s) => mod(s) && !s.shiftKey && s.key.toLowerCase() === 'c',
    enabled: (s) => s.selectedIds.length > 0,
    run: (r) => r.store.getState().actions.copy(),
  },
  {
    id: 'paste',
    matches: (s) => mod(s) && !s.shiftKey && s.key.toLowerCase() === 'v',
    run: (r) => r.store.getState().actions.paste(),
  },
  {
    id: 'escape',
    matches: (s) => s.key === 'Escape',
    run: (r) => {
      r.machine().cancel();
      const { actions, placement } = r.store.getState();
      if (placement) actions.requestPlacement(null);
      else actions.select([]);
    },
  },
  {
    id: 'nudge',
    matches: (s) => !mod(s) && !s.altKey && s.key in NUDGE,
    enabled: (s) => s.selectedIds.length > 0,
    run: (r, s) => {
      const [dx, dy] = NUDGE[s.key] ?? [0, 0];
      const step = s.shiftKey ? 10 : 1;
      r.store.getState().actions.nudge(dx * step, dy * step);
    },
  },
  {
    // Keyboard selection: cycles through the annotations of the current page.
    id: 'select-next',
    matches: (s) => plain(s) && (s.key === ']' || s.key === '['),
    run: (r, s) => {
      const { annotations, currentPage, selectedIds, actions } = r.store.getState();
      const onPage = annotations.filter((a) => a.page === currentPage);
      if (onPage.length === 0) return;
      const index = onPage.findIndex((a) => a.id === selectedIds[0]);
      const next = (index + (s.key === ']' ? 1 : -1) + onPage.length) % onPage.length;
      const target = onPage[next];
      if (target) actions.select([target.id]);
    },
  },
  {
    // Keyboard drawing: Enter places the current tool's default shape in the middle of the current page.
    id: 'place',
    matches: (s) => plain(s) && s.key === 'Enter',
    enabled: (s) => s.tool !== 'select' && s.tool !== 'eraser',
    run: (r) => {
      const { currentPage } = r.store.getState();
      const size = r.document.getState().pageSizes[currentPage - 1] ?? { width: 200, height: 200 };
      const pointer = { page: currentPage, x: size.width / 2 - 50, y: size.height / 2 - 20 };
      r.machine().pointerDown(pointer);
      r.machine().pointerUp(pointer);
    },
  },
  ...TOOLS.filter((t) => t.preset.shortcut).map<Command>((tool) => ({
    id: `tool:${tool.preset.id}`,
    label: typeof tool.preset.label === 'string' ? tool.preset.label : undefined,
    matches: (s) => plain(s) && !s.shiftKey && s.key === tool.preset.shortcut,
    run: (r) => {
      r.setTool(tool.preset.id);
    },
  })),
];

/** Runs the current gesture's key or the first enabled command the stroke matches; true when one ran. */
export function runShortcut(editor: Editor, stroke: KeyStroke): boolean {
  // A gesture in progress (a polygon being clicked out) takes its keys first.
  if (plain(stroke) && editor.machine().keyDown?.(stroke.key)) return true;
  const state = editor.store.getState();
  const command = COMMANDS.find((c) => c.matches(stroke) && (c.enabled?.(state) ?? true));
  if (!command) return false;
  command.run(editor, stroke);
  return true;
}
