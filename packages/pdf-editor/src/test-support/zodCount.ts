// Counts the object schemas zod builds, for the tests of when the model's schemas are built
// (core/model/lazySchema.ts). A test file replaces zod with the counting copy:
//   vi.mock('zod', async (original) => (await import('<path>/test-support/zodCount')).countingZod(original));
import type * as Zod from 'zod';

/** How many `z.object` schemas were built since the test file's modules were loaded. */
export const zodObjectsBuilt = { count: 0 };

/** zod, with `z.object` counted in {@link zodObjectsBuilt}. */
export async function countingZod(importOriginal: () => Promise<typeof Zod>): Promise<typeof Zod> {
  const zod = await importOriginal();
  return {
    ...zod,
    object: (...args: Parameters<typeof zod.object>) => {
      zodObjectsBuilt.count++;
      return zod.object(...args);
    },
  } as typeof Zod;
}
