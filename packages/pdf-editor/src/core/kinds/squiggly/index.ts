// Squiggly: a wavy line resting inside the bottom of each marked text line (see `squigglyWave`).
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import type { AnnotationKind } from '../kind';
import { MARKUP_CAPABILITIES, markupDefaults, markupFields, markupParts } from '../shared/markup';

/** Validates a {@link SquigglyAnnotation}. */
export const squigglyAnnotationSchema = lazySchema(() =>
  z.object({ ...markupFields, type: z.literal('squiggly') }),
);

/** A wavy line along the bottom of each marked box (or of each text line in `rects`). */
export type SquigglyAnnotation = z.infer<typeof squigglyAnnotationSchema>;

export const squigglyKind: AnnotationKind<SquigglyAnnotation> = {
  type: 'squiggly',
  schema: squigglyAnnotationSchema,
  defaults: markupDefaults,
  capabilities: { ...MARKUP_CAPABILITIES, stroke: true },
  ...markupParts,
  markup: 'wave',
};
