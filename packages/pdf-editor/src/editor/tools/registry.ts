// The one list of tools, in toolbar order. Toolbar, shortcuts and the viewer all read it.
import type { AnnotationType, EditorTool } from '../../core/index';
import { checkArray, checkObject, invalid } from '../../core/internal';
import type { Messages } from '../messages';
import { arrowTool } from './arrow';
import { caretTool } from './caret';
import { circleTool } from './circle';
import { commentTool } from './comment';
import { ellipseTool } from './ellipse';
import { freehandTool } from './freehand';
import { highlightTool } from './highlight';
import { imageTool } from './image';
import { polygonTool } from './polygon';
import { polylineTool } from './polyline';
import { rectangleTool } from './rectangle';
import { signatureTool } from './signature';
import { squigglyTool } from './squiggly';
import { stampTool } from './stamp';
import { strikethroughTool } from './strikethrough';
import { textTool } from './text';
import { underlineTool } from './underline';
import { whiteoutTool } from './whiteout';
import { eraserTool } from './eraser';
import { selectTool } from './select';
import type { ToolDefinition, ToolPreset } from './types';

/**
 * The built-in kinds' tools, in toolbar order (the model's, `ANNOTATION_TYPES`). Kept by hand: the
 * mapped type makes the compiler name a kind without a tool.
 */
const KIND_TOOLS = {
  text: textTool,
  highlight: highlightTool,
  strikethrough: strikethroughTool,
  underline: underlineTool,
  squiggly: squigglyTool,
  freehand: freehandTool,
  rectangle: rectangleTool,
  circle: circleTool,
  ellipse: ellipseTool,
  arrow: arrowTool,
  polygon: polygonTool,
  polyline: polylineTool,
  comment: commentTool,
  caret: caretTool,
  signature: signatureTool,
  stamp: stampTool,
  image: imageTool,
  whiteout: whiteoutTool,
} satisfies { readonly [K in AnnotationType]: ToolDefinition };

/**
 * Every tool in toolbar order: select, the kinds' tools, the eraser. The toolbar and shortcuts
 * read this list.
 */
export const TOOLS: readonly ToolDefinition[] = [selectTool, ...Object.values(KIND_TOOLS), eraserTool];

const byId = new Map(TOOLS.map((tool) => [tool.preset.id, tool]));

/** The editor's own tool of `id`; select for an id it does not have. */
export function toolById(id: EditorTool): ToolDefinition {
  return byId.get(id) ?? selectTool;
}

/** The tool of `id` in `tools` (an editor's list, the host's included); select when there is none. */
export function toolIn(tools: readonly ToolDefinition[], id: EditorTool): ToolDefinition {
  return tools.find((tool) => tool.preset.id === id) ?? selectTool;
}

/** The text of a tool's label: its message, or a host tool's own text. */
export function toolLabel(preset: ToolPreset, messages: Messages): string {
  return typeof preset.label === 'string' ? messages[preset.label] : preset.label.text;
}

/**
 * The editor's tools followed by the host's `tools` option, which must be definitions with an id
 * `custom:...` each, none twice. Throws InvalidInputError naming the wrong one.
 */
export function withHostTools(host: unknown): readonly ToolDefinition[] {
  if (host === undefined) return TOOLS;
  const ids = new Set<string>();
  const checked = checkArray(host, 'options.tools', 'tool definitions').map((item, index) => {
    const field = `options.tools[${index}]`;
    const tool = checkObject(item, field);
    if (typeof tool.createMachine !== 'function') invalid(`${field}.createMachine`, 'a function', tool.createMachine);
    const preset = checkObject(tool.preset, `${field}.preset`);
    const id = preset.id;
    if (typeof id !== 'string' || !id.startsWith('custom:') || ids.has(id)) invalid(`${field}.preset.id`, "an id 'custom:...' no other tool has", id);
    ids.add(id);
    return item as ToolDefinition;
  });
  return [...TOOLS, ...checked];
}
