// Whiteout: an opaque white box hiding the page under it, whatever colour it carries.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { boxParts, boxPatch } from '../shared/box';
import { turnRect } from '../shared/geometry';

/** Validates a {@link WhiteoutAnnotation}. */
export const whiteoutAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('whiteout'),
}));

/** An opaque white box hiding the page content under it; exported white whatever its `color`. */
export type WhiteoutAnnotation = z.infer<typeof whiteoutAnnotationSchema>;

export const whiteoutKind: AnnotationKind<WhiteoutAnnotation> = {
  type: 'whiteout',
  schema: whiteoutAnnotationSchema,
  defaults: () => ({ width: DEFAULTS.whiteout.width, height: DEFAULTS.whiteout.height }),
  style: { color: DEFAULTS.whiteoutColor },
  capabilities: { stroke: false, fill: false, text: false, color: false, opacity: false, resize: 'corners', rotate: 'box', sizes: true },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, ...boxPatch(turnRect(boxParts.bounds(annotation), turn)) }),
};
