// Text tool: click to open an inline input ("Click to edit"); Enter or blur adds non-blank text,
// Escape cancels; clicking existing text edits it and committing it blank deletes it.
import { ICONS } from '../shared/presets';
import { createPlaceTextMachine } from '../shared/placeText';
import type { ToolDefinition } from '../types';

export const textTool: ToolDefinition = {
  preset: { id: 'text', label: 'tool.text', creates: 'text', cursor: 'text', shortcut: 't', icon: ICONS.text },
  createMachine: (context) => createPlaceTextMachine(context, 'text'),
};
