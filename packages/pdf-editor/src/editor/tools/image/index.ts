// Image tool: drag the place (or click for 200x200), then the editor opens a picker for an image
// file; the annotation is added once the file is read.
import { DEFAULTS } from '../../../core/internal';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

export const imageTool: ToolDefinition = {
  preset: { id: 'image', label: 'tool.image', creates: 'image', cursor: 'crosshair', shortcut: 'i', icon: ICONS.image },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start, end, click }) {
        const box = click ? { ...start, width: DEFAULTS.imageSize, height: DEFAULTS.imageSize } : rectFromPoints(start, end);
        // An image without data is drawn as a dashed placeholder while dragging.
        return { type: 'image', page, position: { x: box.x, y: box.y }, width: box.width, height: box.height };
      },
      finish(annotation, _shape, { store }) {
        if (annotation.type !== 'image') return;
        const { page, position, width, height } = annotation;
        store.getState().actions.requestPlacement({ kind: 'image', page, rect: { ...position, width, height } });
      },
    }),
};
