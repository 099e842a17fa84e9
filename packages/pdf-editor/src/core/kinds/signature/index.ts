// Signature: the image drawn on the signature pad, placed and turned like an image.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import type { AnnotationKind } from '../kind';
import { boxParts } from '../shared/box';
import { turnUpright } from '../shared/geometry';

/** Validates a {@link SignatureAnnotation}. */
export const signatureAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('signature'),
  /** The signature image as a data URL (`SignaturePad` makes a PNG). */
  imageData: z.string(),
}));

/** A signature image (drawn on the `SignaturePad`, a transparent PNG), placed like an image. */
export type SignatureAnnotation = z.infer<typeof signatureAnnotationSchema>;

export const signatureKind: AnnotationKind<SignatureAnnotation> = {
  type: 'signature',
  schema: signatureAnnotationSchema,
  defaults: () => ({ width: DEFAULTS.signatureWidth, height: DEFAULTS.signatureHeight, imageData: '' }),
  capabilities: { stroke: false, fill: false, text: false, color: false, opacity: true, resize: 'corners', rotate: 'upright' },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, position: turnUpright(annotation.position, annotation.width, annotation.height, turn) }),
};
