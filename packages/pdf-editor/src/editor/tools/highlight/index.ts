// Highlight tool: a translucent mark over text lines or a free box.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

export const highlightTool = markupTool('highlight', { label: 'tool.highlight', cursor: 'text', shortcut: 'h', icon: ICONS.highlight });
