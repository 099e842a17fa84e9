// Squiggly tool: a wavy line under each covered text line. No keyboard shortcut: the spec gives it
// none, as it gives the ellipse none.
import { markupTool } from '../shared/markup';

export const squigglyTool = markupTool('squiggly', { label: 'tool.squiggly', cursor: 'text', icon: 'M4 8h16M3 16q1.5-3 3 0t3 0 3 0 3 0 3 0 3 0' });
