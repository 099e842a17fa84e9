// The bottom of the annotation model: points, rectangles and the fields every annotation has,
// which the kinds (kinds/<type>/index.ts) and the geometry build on. It knows no kind: the union
// of them all (`Annotation`, model/types.ts) is assembled above the kinds, so no kind imports it.
import type * as z from 'zod';
import type { customAnnotationSchema, pointSchema, rectSchema } from './fields';

/**
 * A point in page space: PDF points (1/72 inch) at zoom 1, origin at the top-left corner of the
 * page as displayed (its /Rotate applied, its CropBox as the visible area), y growing downward.
 * Every coordinate of the annotation model is in this space.
 */
export type Point = z.infer<typeof pointSchema>;
/**
 * A rectangle in page points. In the annotation model `x`, `y` is its top-left corner (page space,
 * y downward); `PageSpace.rectToPdf` returns PDF user space rectangles, whose `x`, `y` is the
 * bottom-left.
 */
export type Rect = z.infer<typeof rectSchema>;

/**
 * The fields every annotation has, whatever its kind: `id`, `page`, `position`, `color`,
 * `opacity`, `strokeWidth`, `createdAt`, `updatedAt`, and a `type` naming its kind.
 */
export type BaseAnnotation = Omit<CustomAnnotation, 'type'> & { type: string };

/** The `type` of a host's own kind: `custom:` and a name, so it never clashes with the editor's. */
export type CustomType = `custom:${string}`;
/**
 * An annotation of a host's own kind (see `registerKinds`) as the editor sees it: the fields every
 * annotation has and a `custom:` type; its kind's schema validates the rest, which a host reads by
 * narrowing to its own type (`HostAnnotation`).
 */
export type CustomAnnotation = z.infer<typeof customAnnotationSchema>;
