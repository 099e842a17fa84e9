// Signature tool: remembers where the drag started and opens the signature pad; the drawn (or a
// saved) signature is placed there as a 200x80 image-like annotation.
import { DEFAULTS } from '../../../core/internal';
import { createDragMachine } from '../shared/dragCreate';
import { ICONS } from '../shared/presets';
import type { ToolDefinition } from '../types';

export const signatureTool: ToolDefinition = {
  preset: { id: 'signature', label: 'tool.signature', creates: 'signature', cursor: 'crosshair', shortcut: 'g', icon: ICONS.signature },
  createMachine: (context) =>
    createDragMachine(context, {
      build({ page, start }) {
        return { type: 'signature', page, position: start };
      },
      finish(annotation, _shape, { store }) {
        store.getState().actions.requestPlacement({
          kind: 'signature',
          page: annotation.page,
          rect: { ...annotation.position, width: DEFAULTS.signatureWidth, height: DEFAULTS.signatureHeight },
        });
      },
    }),
};
