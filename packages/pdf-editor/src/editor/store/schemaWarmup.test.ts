// The model's schemas wait until first used (core/model/lazySchema.ts); the editor builds them
// when a drawing tool is chosen, so the first shape drawn does not pay for them.
import { describe, expect, it, vi } from 'vitest';

// Counts the object schemas zod builds.
const built = vi.hoisted(() => ({ objects: 0 }));
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>();
  return {
    ...zod,
    object: (...args: Parameters<typeof zod.object>) => {
      built.objects++;
      return zod.object(...args);
    },
  };
});

describe('an editor', () => {
  it('must build the schemas when a drawing tool is chosen, before the first shape', async () => {
    const { createEditorStore } = await import('./createEditorStore');
    const store = createEditorStore();
    store.getState().actions.setTool('select');
    expect(built.objects).toBe(0);

    store.getState().actions.setTool('rectangle');
    const afterTool = built.objects;
    expect(afterTool).toBeGreaterThan(0);

    const { normalizeAnnotation } = await import('../../core/index');
    store
      .getState()
      .actions.add(normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 5, y: 5 } }));
    expect(store.getState().annotations).toHaveLength(1);
    expect(built.objects).toBe(afterTool);
  });
});
