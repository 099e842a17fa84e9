// Strikethrough: a line through the middle of each marked text line (see `markupLine`).
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import type { AnnotationKind } from '../kind';
import { MARKUP_CAPABILITIES, markupDefaults, markupFields, markupParts } from '../shared/markup';

/** Validates a {@link StrikethroughAnnotation}. */
export const strikethroughAnnotationSchema = lazySchema(() =>
  z.object({ ...markupFields, type: z.literal('strikethrough') }),
);

/** A line through the middle of each marked box (or of each text line in `rects`). */
export type StrikethroughAnnotation = z.infer<typeof strikethroughAnnotationSchema>;

export const strikethroughKind: AnnotationKind<StrikethroughAnnotation> = {
  type: 'strikethrough',
  schema: strikethroughAnnotationSchema,
  defaults: markupDefaults,
  capabilities: { ...MARKUP_CAPABILITIES, stroke: true },
  ...markupParts,
  markup: 'middle',
};
