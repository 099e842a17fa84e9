// The annotation model as zod schemas: the one definition the TypeScript types, validation of
// stored JSON and the server's payload checks all derive from. Each kind's schema is in its kind
// module (kinds/<type>/index.ts); the union below lists them in toolbar order, and is the list a
// new kind joins first: `AnnotationType` comes from it, and every other registry (KINDS,
// PDF_KINDS, the tools, the views, the labels) is typed over that, so the compiler names what a
// new kind still lacks.
//
// Coordinates are PDF points at scale 1, origin at the top-left corner of the page *as displayed*
// (its /Rotate applied, its CropBox as the visible area); `page` is 1-based.
import * as z from 'zod';
import { lazySchema } from './lazySchema';
import { arrowAnnotationSchema } from '../kinds/arrow';
import { caretAnnotationSchema } from '../kinds/caret';
import { circleAnnotationSchema } from '../kinds/circle';
import { commentAnnotationSchema } from '../kinds/comment';
import { ellipseAnnotationSchema } from '../kinds/ellipse';
import { freehandAnnotationSchema } from '../kinds/freehand';
import { highlightAnnotationSchema } from '../kinds/highlight';
import { imageAnnotationSchema } from '../kinds/image';
import { polygonAnnotationSchema } from '../kinds/polygon';
import { polylineAnnotationSchema } from '../kinds/polyline';
import { rectangleAnnotationSchema } from '../kinds/rectangle';
import { signatureAnnotationSchema } from '../kinds/signature';
import { squigglyAnnotationSchema } from '../kinds/squiggly';
import { stampAnnotationSchema } from '../kinds/stamp';
import { strikethroughAnnotationSchema } from '../kinds/strikethrough';
import { textAnnotationSchema } from '../kinds/text';
import { underlineAnnotationSchema } from '../kinds/underline';
import { whiteoutAnnotationSchema } from '../kinds/whiteout';
import { pointSchema, rectSchema, replySchema } from './fields';

export { pointSchema, rectSchema };

/**
 * Validates one {@link Annotation} of any type, picked by its `type` field. `parseAnnotations` is
 * the usual entry point; use this schema to validate annotations inside payloads of your own.
 *
 * @example
 * const result = annotationSchema.safeParse(JSON.parse(body));
 * if (!result.success) console.error(result.error.issues);
 */
export const annotationSchema = lazySchema(() => z.discriminatedUnion('type', [
  textAnnotationSchema,
  highlightAnnotationSchema,
  strikethroughAnnotationSchema,
  underlineAnnotationSchema,
  squigglyAnnotationSchema,
  freehandAnnotationSchema,
  rectangleAnnotationSchema,
  circleAnnotationSchema,
  ellipseAnnotationSchema,
  arrowAnnotationSchema,
  polygonAnnotationSchema,
  polylineAnnotationSchema,
  commentAnnotationSchema,
  caretAnnotationSchema,
  signatureAnnotationSchema,
  stampAnnotationSchema,
  imageAnnotationSchema,
  whiteoutAnnotationSchema,
]));

/**
 * Builds the kinds' schemas now, which are otherwise built when first used (lazySchema.ts): the
 * editor does it when a drawing tool is chosen, so the first shape drawn does not wait for them.
 */
export function buildAnnotationSchemas(): void {
  // The union builds the kinds' schemas; the shared ones inside them are built when first touched.
  for (const schema of [annotationSchema, pointSchema, rectSchema, replySchema]) void schema._zod;
}

/** Validates an array of annotations (a document's list), as {@link annotationSchema} does one. */
export const annotationListSchema = lazySchema(() => z.array(annotationSchema));

/** Every annotation `type`, in the order of {@link annotationSchema}'s list; {@link AnnotationType} is their union. */
// Typed by name: the inferred union was printed in whatever order the compiler first met its
// literals, which differed between checkouts and made the API report unstable. Written out rather
// than read from the union, which would build every schema as this module loads (lazySchema.ts
// says why they wait); lazySchema.test.ts holds the two to one list.
export const ANNOTATION_TYPES: z.infer<typeof annotationSchema>['type'][] = [
  'text', 'highlight', 'strikethrough', 'underline', 'squiggly', 'freehand', 'rectangle', 'circle', 'ellipse',
  'arrow', 'polygon', 'polyline', 'comment', 'caret', 'signature', 'stamp', 'image', 'whiteout',
];
