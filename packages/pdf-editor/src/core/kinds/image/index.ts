// Image: a PNG or JPEG stretched over its box; it stays upright when its page turns.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { boxParts } from '../shared/box';
import { turnUpright } from '../shared/geometry';

/** Validates an {@link ImageAnnotation}. */
export const imageAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('image'),
  /** A data URL (PNG or JPEG). */
  imageData: z.string(),
}));

/** A PNG or JPEG image (`imageData`) stretched to `width` x `height` from `position`. */
export type ImageAnnotation = z.infer<typeof imageAnnotationSchema>;

export const imageKind: AnnotationKind<ImageAnnotation> = {
  type: 'image',
  schema: imageAnnotationSchema,
  defaults: () => ({ width: DEFAULTS.imageSize, height: DEFAULTS.imageSize, imageData: '' }),
  capabilities: { stroke: false, fill: false, text: false, color: false, opacity: true, resize: 'corners', rotate: 'upright' },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, position: turnUpright(annotation.position, annotation.width, annotation.height, turn) }),
};
