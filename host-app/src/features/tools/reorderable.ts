// Drag-and-drop and keyboard moves for items of one list (Merge's documents, a document's pages):
// drag an item onto another to put it there, or focus it and press Alt+Arrow to move it one place.
// Drops are only taken from the same list (`scope`), so a page cannot land in the document list.
import type { DragEvent, HTMLAttributes, KeyboardEvent } from 'react';

const DRAG_TYPE = 'application/x-marginalia-item';

export const MOVE_KEYS_HINT = 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown';

export function reorderable(
  scope: string,
  index: number,
  onMove: (from: number, to: number) => void,
  onRemove?: () => void,
): HTMLAttributes<HTMLElement> {
  return {
    draggable: true,
    tabIndex: 0,
    'aria-keyshortcuts': onRemove ? `${MOVE_KEYS_HINT} Delete` : MOVE_KEYS_HINT,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ scope, index }));
      event.dataTransfer.effectAllowed = 'move';
      event.stopPropagation();
    },
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const raw = event.dataTransfer.getData(DRAG_TYPE);
      if (!raw) return;
      const source = JSON.parse(raw) as { scope: string; index: number };
      if (source.scope !== scope) return;
      event.preventDefault();
      event.stopPropagation();
      if (source.index !== index) onMove(source.index, index);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      const item = event.currentTarget;
      const moveBy = (step: number) => {
        event.preventDefault();
        onMove(index, index + step);
        // Moving the node in the DOM takes the focus off it; give it back so the next press moves it on.
        requestAnimationFrame(() => item.focus());
      };
      if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowUp')) moveBy(-1);
      else if (event.altKey && (event.key === 'ArrowRight' || event.key === 'ArrowDown')) moveBy(1);
      else if (onRemove && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        onRemove();
      }
    },
  };
}
