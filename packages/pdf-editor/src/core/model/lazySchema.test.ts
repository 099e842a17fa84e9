// The model's schemas are built when something first validates, not as the model loads
// (lazySchema.ts says why), and their stand-ins serve zod and a host as the schemas would.
import { describe, expect, it, vi } from 'vitest';
import { zodObjectsBuilt as built } from '../../test-support/zodCount';

vi.mock('zod', async (importOriginal) =>
  (await import('../../test-support/zodCount')).countingZod(importOriginal),
);

describe('the model schemas', () => {
  it('are built when something first validates, not when the model loads', async () => {
    const { normalizeAnnotation } = await import('../index');
    const { rectangleAnnotationSchema } = await import('../kinds/rectangle');
    expect(built.count).toBe(0);

    const rectangle = normalizeAnnotation({
      type: 'rectangle',
      page: 1,
      position: { x: 10, y: 20 },
      width: 30,
      height: 40,
    });
    expect(rectangle).toMatchObject({ type: 'rectangle', width: 30, height: 40 });
    expect(built.count).toBeGreaterThan(0);
    const afterFirst = built.count;

    // Built once: later validations and the exported schema use the same objects.
    normalizeAnnotation({ type: 'rectangle', page: 2, position: { x: 1, y: 2 } });
    expect(rectangleAnnotationSchema.safeParse(rectangle).success).toBe(true);
    expect(built.count).toBe(afterFirst);
  });

  it('stand in for the schema wherever zod or a host meets one', async () => {
    const z = await import('zod');
    const { annotationSchema, ANNOTATION_TYPES, pointSchema, hostAnnotationSchema } =
      await import('../index');
    const { lazySchema } = await import('./lazySchema');

    expect(annotationSchema.options.map((option) => option.shape.type.value)).toEqual(ANNOTATION_TYPES);
    expect(pointSchema).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(pointSchema.shape)).toEqual(['x', 'y']);
    expect(z.array(pointSchema).safeParse([{ x: 1, y: Number.NaN }]).error?.issues[0]?.path).toEqual([
      0,
      'y',
    ]);
    expect(pointSchema.extend({ z: z.number() }).parse({ x: 1, y: 2, z: 3 })).toEqual({ x: 1, y: 2, z: 3 });

    const checkmark = hostAnnotationSchema('custom:checkmark', { size: z.number().positive() });
    expect(Object.keys(checkmark.shape)).toContain('createdAt');

    const fields = lazySchema(() => ({ size: z.number() }));
    expect(z.object({ ...fields }).safeParse({ size: 'big' }).success).toBe(false);
  });
});
