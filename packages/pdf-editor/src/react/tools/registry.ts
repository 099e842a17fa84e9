// The one list of tools, in toolbar order. Toolbar, shortcuts and the viewer all read it.
import type { EditorTool } from '../../core/adapters';
import { arrowTool } from './arrow';
import { circleTool } from './circle';
import { commentTool } from './comment';
import { eraserTool } from './eraser';
import { freehandTool } from './freehand';
import { highlightTool } from './highlight';
import { imageTool } from './image';
import { rectangleTool } from './rectangle';
import { selectTool } from './select';
import { signatureTool } from './signature';
import { strikethroughTool } from './strikethrough';
import { textTool } from './text';
import type { ToolDefinition } from './types';
import { underlineTool } from './underline';
import { whiteoutTool } from './whiteout';

/** Every tool in toolbar order; the toolbar and shortcuts read this list. */
export const TOOLS: readonly ToolDefinition[] = [
  selectTool,
  textTool,
  highlightTool,
  strikethroughTool,
  underlineTool,
  freehandTool,
  rectangleTool,
  circleTool,
  arrowTool,
  commentTool,
  signatureTool,
  imageTool,
  whiteoutTool,
  eraserTool,
];

const byId = new Map(TOOLS.map((tool) => [tool.preset.id, tool]));

export function toolById(id: EditorTool): ToolDefinition {
  return byId.get(id) ?? selectTool;
}
