// Rectangle tool: drag a box; a click makes the default 100x100 square.
import { DEFAULTS } from '../../../core/model/defaults';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

/** The tool's English label, the default of message `tool.rectangle` (copied there by `npm run kinds`). */
export const rectangleLabel = 'Rectangle';

export const rectangleTool: ToolDefinition = {
  preset: { id: 'rectangle', label: 'tool.rectangle', creates: 'rectangle', cursor: 'crosshair', shortcut: 'r', styled: true, icon: ICONS.rectangle },
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
