// Highlight tool: a translucent mark over text lines or a free box.
import { markupTool } from '../shared/markup';
import { ICONS } from '../shared/presets';

/** The tool's English label, the default of message `tool.highlight` (copied there by `npm run kinds`). */
export const highlightLabel = 'Highlight';

export const highlightTool = markupTool('highlight', { label: 'tool.highlight', cursor: 'text', shortcut: 'h', icon: ICONS.highlight });
