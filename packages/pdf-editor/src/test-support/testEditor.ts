// A scripted editor for tests, in the style of tldraw's TestEditor: pick a tool, press, move and
// release the pointer at page points, then assert on the store.
import type { EditorTool } from '../core/adapters';
import type { Annotation } from '../core/model/types';
import { createEditorStore } from '../editor/store/createEditorStore';
import type { EditorStoreOptions } from '../editor/store/types';
import { toolById } from '../editor/tools/registry';
import type { ToolContext, ToolMachine } from '../editor/tools/types';

export function createTestEditor(options: EditorStoreOptions & { textSpans?: ToolContext['textSpans'] } = {}) {
  const store = createEditorStore({ zoom: 1, ...options });
  const context: ToolContext = { store, tolerance: () => 4, textSpans: options.textSpans };
  let machine: ToolMachine = toolById('select').createMachine(context);
  let page = 1;
  const shift = { shiftKey: false };

  const editor = {
    store,
    get state() {
      return store.getState();
    },
    get annotations(): Annotation[] {
      return store.getState().annotations;
    },
    get machine() {
      return machine;
    },
    setTool(tool: EditorTool) {
      store.getState().actions.setTool(tool);
      machine = toolById(store.getState().tool).createMachine(context);
      return editor;
    },
    onPage(n: number) {
      page = n;
      return editor;
    },
    withShift(on = true) {
      shift.shiftKey = on;
      return editor;
    },
    pointerDown(x: number, y: number) {
      machine.pointerDown({ page, x, y, ...shift });
      return editor;
    },
    pointerMove(x: number, y: number) {
      machine.pointerMove({ page, x, y, ...shift });
      return editor;
    },
    pointerUp(x: number, y: number) {
      machine.pointerUp({ page, x, y, ...shift });
      return editor;
    },
    click(x: number, y: number) {
      return editor.pointerDown(x, y).pointerUp(x, y);
    },
    drag(from: [number, number], to: [number, number]) {
      return editor
        .pointerDown(...from)
        .pointerMove((from[0] + to[0]) / 2, (from[1] + to[1]) / 2)
        .pointerMove(...to)
        .pointerUp(...to);
    },
    doubleClick(x: number, y: number) {
      machine.doubleClick?.({ page, x, y });
      return editor;
    },
    cancel() {
      machine.cancel();
      return editor;
    },
    undo() {
      store.getState().actions.undo();
      return editor;
    },
    redo() {
      store.getState().actions.redo();
      return editor;
    },
  };
  return editor;
}
