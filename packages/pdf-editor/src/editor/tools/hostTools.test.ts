// A host's own tools (the `tools` option): after the editor's in the toolbar list, chosen like any
// tool, their gesture machine driving the store; ids that could clash are refused by name.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, normalizeAnnotation } from '../../core/index';
import { createEditor } from '../createEditor';
import { TOOLS } from './registry';
import type { ToolDefinition } from './types';

/** Stamps a 20 pt green square where the pointer is released. */
const stampTool: ToolDefinition = {
  preset: { id: 'custom:stamp', label: { text: 'Stamp' }, creates: 'rectangle', cursor: 'copy', icon: 'M4 4h16v16H4z' },
  createMachine: ({ store }) => ({
    state: 'idle',
    pointerDown() {},
    pointerMove() {},
    pointerUp(pointer) {
      store.getState().actions.add(normalizeAnnotation({ type: 'rectangle', page: pointer.page, position: { x: pointer.x, y: pointer.y }, width: 20, height: 20, color: '#00A000' }));
    },
    cancel() {},
  }),
};

describe('the tools option', () => {
  it("must list the host's tools after the editor's own", () => {
    const editor = createEditor({ signatureStore: null, tools: [stampTool] });
    expect(editor.tools.map((tool) => tool.preset.id)).toEqual([...TOOLS.map((tool) => tool.preset.id), 'custom:stamp']);
  });

  it("must run the host tool's gesture once it is chosen", () => {
    const editor = createEditor({ signatureStore: null, tools: [stampTool] });
    expect(editor.setTool('custom:stamp')).toBe(true);
    editor.machine().pointerDown({ page: 1, x: 30, y: 40 });
    editor.machine().pointerUp({ page: 1, x: 30, y: 40 });
    expect(editor.getAnnotations()).toEqual([expect.objectContaining({ type: 'rectangle', position: { x: 30, y: 40 }, width: 20, color: '#00A000' })]);
  });

  it('must ask the gate before the host tool, as before any other', () => {
    const editor = createEditor({
      signatureStore: null,
      tools: [stampTool],
      gate: { check: (action) => (action.type === 'tool' && action.tool === 'custom:stamp' ? { prompt: 'pro-feature', message: 'Stamps are a Pro feature.' } : 'allow') },
    });
    expect(editor.setTool('custom:stamp')).toBe(false);
    expect(editor.getState().tool).toBe('select');
  });

  it("must refuse an id that is not 'custom:...' or is given twice, naming it", () => {
    const renamed = { ...stampTool, preset: { ...stampTool.preset, id: 'rectangle' as const } };
    expect(() => createEditor({ tools: [renamed] })).toThrow(InvalidInputError);
    expect(() => createEditor({ tools: [renamed] })).toThrow(/options\.tools\[0\]\.preset\.id/);
    expect(() => createEditor({ tools: [stampTool, stampTool] })).toThrow(/options\.tools\[1\]\.preset\.id/);
  });
});
