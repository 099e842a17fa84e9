// Strikethrough tool: a line through the middle of each covered text line.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

export const strikethroughTool = markupTool('strikethrough', { label: 'tool.strikethrough', cursor: 'text', shortcut: 'k', icon: ICONS.strikethrough });
