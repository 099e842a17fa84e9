// The annotation model as zod schemas: the one definition the TypeScript types, validation of
// stored JSON and the server's payload checks all derive from. Each kind's schema is in its kind
// module (kinds/<type>/index.ts); schemas.generated.ts lists them, from KIND_NAMES (spread into
// the union so its options keep the mutable tuple type they have always had, not a readonly one).
//
// Coordinates are PDF points at scale 1, origin at the top-left corner of the page *as displayed*
// (its /Rotate applied, its CropBox as the visible area); `page` is 1-based.
import { z } from 'zod';
import { KIND_SCHEMAS } from './schemas.generated';

export { pointSchema, rectSchema } from './fields';

/**
 * Validates one {@link Annotation} of any type, picked by its `type` field. `parseAnnotations` is
 * the usual entry point; use this schema to validate annotations inside payloads of your own.
 *
 * @example
 * const result = annotationSchema.safeParse(JSON.parse(body));
 * if (!result.success) console.error(result.error.issues);
 */
export const annotationSchema = z.discriminatedUnion('type', [...KIND_SCHEMAS]);

/** Validates an array of annotations (a document's list), as {@link annotationSchema} does one. */
export const annotationListSchema = z.array(annotationSchema);

/** Every annotation `type`, in the order of {@link annotationSchema}'s list; {@link AnnotationType} is their union. */
export const ANNOTATION_TYPES = annotationSchema.options.map((option) => option.shape.type.value);
