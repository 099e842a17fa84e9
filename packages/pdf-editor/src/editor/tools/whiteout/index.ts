// Whiteout tool: a solid white box of the preset (or custom) size follows the pointer as a
// preview; a click places it with its top-left at the click point.
import type { Annotation } from '../../../core/index';
import { normalizeAnnotation } from '../../../core/internal';
import { whiteoutBox } from '../../store/style';
import { ICONS } from '../shared/presets';
import { createPlaceOnClickMachine } from '../shared/placeOnClick';
import type { ToolDefinition } from '../types';

export const whiteoutTool: ToolDefinition = {
  preset: { id: 'whiteout', label: 'tool.whiteout', creates: 'whiteout', cursor: 'cell', shortcut: 'w', icon: ICONS.whiteout },
  createMachine: (context) =>
    createPlaceOnClickMachine(context, ({ page, x, y }) => {
      const size = whiteoutBox(context.store.getState().style);
      return normalizeAnnotation({ type: 'whiteout', page, position: { x, y }, ...size }) as Annotation;
    }),
};
