// Underline: a line resting inside the bottom of each marked text line (see `markupLine`).
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import type { AnnotationKind } from '../kind';
import { MARKUP_CAPABILITIES, markupDefaults, markupFields, markupParts } from '../shared/markup';

/** Validates an {@link UnderlineAnnotation}. */
export const underlineAnnotationSchema = lazySchema(() =>
  z.object({ ...markupFields, type: z.literal('underline') }),
);

/** A line along the bottom of each marked box (or of each text line in `rects`). */
export type UnderlineAnnotation = z.infer<typeof underlineAnnotationSchema>;

export const underlineKind: AnnotationKind<UnderlineAnnotation> = {
  type: 'underline',
  schema: underlineAnnotationSchema,
  defaults: markupDefaults,
  capabilities: { ...MARKUP_CAPABILITIES, stroke: true },
  ...markupParts,
  markup: 'bottom',
};
