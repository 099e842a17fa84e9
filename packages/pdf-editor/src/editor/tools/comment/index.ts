// Comment tool: a sticky note at the click point holding its text; clicking a note edits it.
import { ICONS } from '../shared/presets';
import { createPlaceTextMachine } from '../shared/placeText';
import type { ToolDefinition } from '../types';

export const commentTool: ToolDefinition = {
  preset: { id: 'comment', label: 'tool.comment', creates: 'comment', cursor: 'copy', shortcut: 'c', icon: ICONS.comment },
  createMachine: (context) => createPlaceTextMachine(context, 'comment'),
};
