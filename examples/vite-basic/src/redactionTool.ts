// A tool of this host's own, added through the editor's `tools` prop: drag a box to black it out.
// It makes the editor's own rectangle kind, filled and outlined in black, so the screen, both
// exports and the import handle it with no drawing code here.
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import type { Annotation, ToolDefinition, ToolPointer } from '@marginalia/pdf-editor';

const BLACK = '#000000';

function redaction(from: ToolPointer, to: ToolPointer): Annotation {
  return normalizeAnnotation({
    type: 'rectangle',
    page: from.page,
    position: { x: Math.min(from.x, to.x), y: Math.min(from.y, to.y) },
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
    color: BLACK,
    strokeWidth: 1,
    fillStyle: 'solid',
    fillColor: BLACK,
  });
}

export const redactionTool: ToolDefinition = {
  preset: { id: 'custom:redact', label: { text: 'Redact' }, creates: 'rectangle', cursor: 'crosshair', icon: 'M4 6h16v12H4zM4 6l16 12' },
  createMachine({ store }) {
    const { actions } = store.getState();
    let start: ToolPointer | null = null;
    return {
      get state() {
        return start ? 'dragging' : 'idle';
      },
      pointerDown(pointer) {
        start = pointer;
      },
      pointerMove(pointer) {
        if (start && pointer.page === start.page) actions.setDraft(redaction(start, pointer));
      },
      pointerUp(pointer) {
        const from = start;
        start = null;
        actions.setDraft(null);
        // A click, or a release on another page, blacks out nothing.
        if (from && pointer.page === from.page && Math.abs(pointer.x - from.x) > 2 && Math.abs(pointer.y - from.y) > 2) actions.add(redaction(from, pointer));
      },
      cancel() {
        start = null;
        actions.setDraft(null);
      },
    };
  },
};
