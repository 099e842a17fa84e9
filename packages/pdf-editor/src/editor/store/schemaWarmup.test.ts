// The model's schemas wait until first used (core/model/lazySchema.ts); the editor builds them
// when a drawing tool is chosen, so the first shape drawn does not pay for them.
import { describe, expect, it, vi } from 'vitest';
import { zodObjectsBuilt as built } from '../../test-support/zodCount';

vi.mock('zod', async (importOriginal) =>
  (await import('../../test-support/zodCount')).countingZod(importOriginal),
);

describe('an editor', () => {
  it('must build the schemas when a drawing tool is chosen, before the first shape', async () => {
    const { createEditorStore } = await import('./createEditorStore');
    const store = createEditorStore();
    store.getState().actions.setTool('select');
    expect(built.count).toBe(0);

    store.getState().actions.setTool('rectangle');
    const afterTool = built.count;
    expect(afterTool).toBeGreaterThan(0);

    const { normalizeAnnotation } = await import('../../core/index');
    store
      .getState()
      .actions.add(normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 5, y: 5 } }));
    expect(store.getState().annotations).toHaveLength(1);
    expect(built.count).toBe(afterTool);
  });
});
