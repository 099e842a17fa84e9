// Arrow tool: from where the drag starts to where it ends; a click makes the default arrow.
import { styleFields } from '../../store/style';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

export const arrowTool: ToolDefinition = {
  preset: { id: 'arrow', label: 'tool.arrow', creates: 'arrow', cursor: 'crosshair', shortcut: 'a', icon: ICONS.arrow },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start, end, click }, { store }) {
        return {
          type: 'arrow',
          page,
          position: start,
          ...(click ? {} : { endPoint: end }),
          ...styleFields('arrow', store.getState().style),
        };
      },
    }),
};
