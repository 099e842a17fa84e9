// Underline: a line resting inside the bottom of each marked text line (see `markupLine`).
import { z } from 'zod';
import type { AnnotationKind } from '../kind';
import { MARKUP_CAPABILITIES, markupDefaults, markupFields, markupParts } from '../shared/markup';

/** Validates an {@link UnderlineAnnotation}. */
export const underlineAnnotationSchema = z.object({ ...markupFields, type: z.literal('underline') });

export const underlineKind: AnnotationKind<'underline'> = {
  type: 'underline',
  schema: underlineAnnotationSchema,
  defaults: markupDefaults,
  capabilities: { ...MARKUP_CAPABILITIES, stroke: true },
  ...markupParts,
  markup: 'bottom',
};
