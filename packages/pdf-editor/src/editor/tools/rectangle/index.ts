// Rectangle tool: drag a box; a click makes the default 100x100 square.
import { DEFAULTS } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

export const rectangleTool: ToolDefinition = {
  preset: { id: 'rectangle', label: 'tool.rectangle', creates: 'rectangle', cursor: 'crosshair', shortcut: 'r', icon: ICONS.rectangle },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start, end, click }, { store }) {
        const box = click ? { ...start, width: DEFAULTS.shapeSize, height: DEFAULTS.shapeSize } : rectFromPoints(start, end);
        return {
          type: 'rectangle',
          page,
          position: { x: box.x, y: box.y },
          width: box.width,
          height: box.height,
          ...styleFields('rectangle', store.getState().style),
        };
      },
    }),
};
