// Strikethrough tool: a line through the middle of each covered text line.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

/** The tool's English label, the default of message `tool.strikethrough` (copied there by `npm run kinds`). */
export const strikethroughLabel = 'Strikethrough';

export const strikethroughTool = markupTool('strikethrough', { label: 'tool.strikethrough', cursor: 'text', shortcut: 'k', icon: ICONS.strikethrough });
