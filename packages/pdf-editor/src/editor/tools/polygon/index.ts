// Polygon tool: click each vertex, then double-click or press Enter to close the outline
// (shared/vertices.ts); it takes the current fill like the rectangle.
import { createVertexMachine } from '../shared/vertices';
import type { ToolDefinition } from '../types';

export const polygonTool: ToolDefinition = {
  preset: { id: 'polygon', label: 'tool.polygon', creates: 'polygon', cursor: 'crosshair', icon: 'M12 3l9 7-4 11H7L3 10z' },
  createMachine: (context) => createVertexMachine(context, 'polygon'),
};
