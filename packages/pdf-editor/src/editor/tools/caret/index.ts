// Caret tool: a click places the insertion mark with its point at the click, between the letters
// where text is to go in, in the current colour. No keyboard shortcut: the spec gives it none.
import type { Annotation } from '../../../core/index';
import { normalizeAnnotation } from '../../../core/internal';
import { CARET_SIZE } from '../../../core/internal';
import { styleFields } from '../../store/style';
import { createPlaceOnClickMachine } from '../shared/placeOnClick';
import type { ToolDefinition } from '../types';

export const caretTool: ToolDefinition = {
  preset: { id: 'caret', label: 'tool.caret', creates: 'caret', cursor: 'text', icon: 'M5 19L12 5l7 14' },
  createMachine: (context) =>
    createPlaceOnClickMachine(context, ({ page, x, y }) =>
      normalizeAnnotation({
        type: 'caret',
        page,
        position: { x: x - CARET_SIZE.width / 2, y },
        ...CARET_SIZE,
        ...styleFields('caret', context.store.getState().style),
      }) as Annotation,
    ),
};
