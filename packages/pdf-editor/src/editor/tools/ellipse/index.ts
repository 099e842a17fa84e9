// Ellipse tool: the drag spans the ellipse's box; a click makes the default 100 x 100.
import { DEFAULTS } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { rectFromPoints } from '../geometry';
import { createDragMachine } from '../shared/dragCreate';
import type { ToolDefinition } from '../types';

export const ellipseTool: ToolDefinition = {
  preset: {
    id: 'ellipse',
    label: 'tool.ellipse',
    creates: 'ellipse',
    cursor: 'crosshair',
    icon: 'M12 6c5 0 9 2.7 9 6s-4 6-9 6-9-2.7-9-6 4-6 9-6z',
  },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start, end, click }, { store }) {
        const box = click ? { ...start, width: DEFAULTS.shapeSize, height: DEFAULTS.shapeSize } : rectFromPoints(start, end);
        return {
          type: 'ellipse',
          page,
          position: { x: box.x, y: box.y },
          width: box.width,
          height: box.height,
          ...styleFields('ellipse', store.getState().style),
        };
      },
    }),
};
