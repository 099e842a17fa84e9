// Circle tool: the drag spans the circle's bounding box; a click makes the default radius 50.
import { DEFAULTS } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

export const circleTool: ToolDefinition = {
  preset: { id: 'circle', label: 'tool.circle', creates: 'circle', cursor: 'crosshair', shortcut: 'o', icon: ICONS.circle },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start, end, click }, { store }) {
        const box = rectFromPoints(start, end);
        const radius = click ? DEFAULTS.radius : Math.max(box.width, box.height) / 2;
        return {
          type: 'circle',
          page,
          position: click ? start : { x: box.x, y: box.y },
          radius,
          ...styleFields('circle', store.getState().style),
        };
      },
    }),
};
