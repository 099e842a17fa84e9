// Underline tool: a line under each covered text line.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

export const underlineTool = markupTool('underline', { label: 'tool.underline', cursor: 'text', shortcut: 'u', icon: ICONS.underline });
