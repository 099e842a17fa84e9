// Highlight: translucent colour over text lines (yellow at 30 % by default), multiplied so the
// text under it stays dark.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { MARKUP_CAPABILITIES, markupDefaults, markupFields, markupParts } from '../shared/markup';

/** Validates a {@link HighlightAnnotation}. */
export const highlightAnnotationSchema = lazySchema(() =>
  z.object({ ...markupFields, type: z.literal('highlight') }),
);

/** A translucent colour over text (default yellow at opacity 0.3); `rects` when snapped to lines. */
export type HighlightAnnotation = z.infer<typeof highlightAnnotationSchema>;

export const highlightKind: AnnotationKind<HighlightAnnotation> = {
  type: 'highlight',
  schema: highlightAnnotationSchema,
  defaults: markupDefaults,
  style: { color: DEFAULTS.highlightColor, opacity: DEFAULTS.highlightOpacity },
  capabilities: { ...MARKUP_CAPABILITIES, stroke: false },
  ...markupParts,
  markup: 'cover',
};
