// What a tool is: a data preset (what the toolbar and shortcuts read) and a small gesture state
// machine fed with pointer events already converted to page points. Machines are pure TypeScript,
// so tests script them like a user (pointerDown, pointerMove, pointerUp) without a browser.
import type { AnnotationType, CustomType, EditorTool, Rect } from '../../core/index';
import type { EditorStore } from '../store/createEditorStore';
import type { MessageKey } from '../messages';

/** A pointer position handed to a tool, in page points. */
export interface ToolPointer {
  /** 1-based page under the pointer. */
  page: number;
  /** Page point in PDF points, origin top-left of the page as displayed. */
  x: number;
  y: number;
  shiftKey?: boolean;
}

/** What a tool's machine works on: the editor's store, the hit tolerance and the page text. */
export interface ToolContext {
  store: EditorStore;
  /** Hit tolerance in page points (a few screen pixels at the current zoom). */
  tolerance(): number;
  /**
   * Boxes of the text runs of `page` (page points), when the page has a text layer: the markup
   * tools snap to them (`snapToText`).
   */
  textSpans?(page: number): readonly Rect[];
}

/** A tool's gesture state machine. */
export interface ToolMachine {
  /** Name of the current state, for tests and debugging ("idle", "dragging"...). */
  readonly state: string;
  pointerDown(pointer: ToolPointer): void;
  pointerMove(pointer: ToolPointer): void;
  pointerUp(pointer: ToolPointer): void;
  /** The pointer left the page, a pinch began or Escape was pressed: drop the gesture. */
  cancel(): void;
  /**
   * The user chose another tool: keep the gesture if it stands as it is (a polygon with enough
   * vertices), else drop it. Tools without it are cancelled.
   */
  switchAway?(): void;
  doubleClick?(pointer: ToolPointer): void;
  /**
   * The pointer left the page with no button pressed. Clears hover previews but keeps a gesture
   * made of several clicks (a polygon's vertices); tools without it are cancelled.
   */
  leave?(): void;
  /**
   * A key pressed without Ctrl, Cmd or Alt, offered to the gesture before the editor's shortcuts
   * (Enter finishes a polygon, Backspace drops its last vertex); true when the gesture took it.
   */
  keyDown?(key: string): boolean;
}

/** A tool as data: id, label, cursor, shortcut and icon. */
export interface ToolPreset {
  id: EditorTool;
  /** The toolbar label: a key of the editor's messages, or the text itself (a host's own tool). */
  label: MessageKey | { text: string };
  /** The annotation type this tool creates, if any. */
  creates?: AnnotationType | CustomType;
  cursor: string;
  /** Single-key shortcut, shown in the button's title. */
  shortcut?: string;
  /** SVG path (24x24 viewBox) of the toolbar icon. */
  icon: string;
}

/** A tool: its preset and the factory of its gesture machine. */
export interface ToolDefinition {
  preset: ToolPreset;
  createMachine(context: ToolContext): ToolMachine;
}
