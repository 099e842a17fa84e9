// Stamp tool: a click places the preset picked in the properties panel (Approved at first),
// centred on the click; a signed stamp shows the day it was placed. No keyboard shortcut: the spec
// gives it none.
import type { Annotation } from '../../../core/index';
import { normalizeAnnotation } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { createPlaceOnClickMachine } from '../shared/placeOnClick';
import type { ToolDefinition } from '../types';

export const stampTool: ToolDefinition = {
  preset: { id: 'stamp', label: 'tool.stamp', creates: 'stamp', cursor: 'copy', icon: 'M9 4h6v6l4 3v3H5v-3l4-3zM5 20h14' },
  createMachine: (context) =>
    createPlaceOnClickMachine(context, ({ page, x, y }) => {
      const fields = styleFields('stamp', context.store.getState().style) as { width: number; height: number };
      return normalizeAnnotation({ type: 'stamp', page, position: { x: x - fields.width / 2, y: y - fields.height / 2 }, ...fields }) as Annotation;
    }),
};
