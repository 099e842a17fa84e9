// The current tool's gesture machine: a new one whenever the tool changes. A gesture left behind by
// a tool change ends at once, not at the next pointer event: what it has drawn so far is kept where
// it can stand (switchAway) rather than silently dropped.
import type { EditorTool } from '../../core/index';
import { toolIn } from './registry';
import type { ToolContext, ToolDefinition, ToolMachine } from './types';

/** Returns the function that gives the machine of the store's current tool among `tools`. */
export function currentMachine(tools: readonly ToolDefinition[], context: ToolContext): () => ToolMachine {
  const { store } = context;
  let machine: ToolMachine | undefined;
  let machineTool: EditorTool | undefined;
  store.subscribe((state, previous) => {
    if (!machine || state.tool === previous.tool) return;
    const left = machine;
    machine = undefined;
    if (left.switchAway) left.switchAway();
    else left.cancel();
  });
  return () => {
    const { tool } = store.getState();
    if (!machine || tool !== machineTool) {
      machine = toolIn(tools, tool).createMachine(context);
      machineTool = tool;
    }
    return machine;
  };
}
