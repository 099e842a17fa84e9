// Polyline tool: click each vertex, then double-click or press Enter to end the line
// (shared/vertices.ts).
import { createVertexMachine } from '../shared/vertices';
import type { ToolDefinition } from '../types';

export const polylineTool: ToolDefinition = {
  preset: { id: 'polyline', label: 'tool.polyline', creates: 'polyline', cursor: 'crosshair', icon: 'M3 19l5-10 5 6 8-11' },
  createMachine: (context) => createVertexMachine(context, 'polyline'),
};
