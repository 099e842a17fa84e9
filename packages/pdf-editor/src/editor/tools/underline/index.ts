// Underline tool: a line under each covered text line.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

/** The tool's English label, the default of message `tool.underline` (copied there by `npm run kinds`). */
export const underlineLabel = 'Underline';

export const underlineTool = markupTool('underline', { label: 'tool.underline', cursor: 'text', shortcut: 'u', icon: ICONS.underline });
