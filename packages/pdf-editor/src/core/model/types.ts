// TypeScript types of the annotation model, derived from the schemas so the two never drift.
import type { z } from 'zod';
import type { ANNOTATION_TYPES, annotationSchema } from './schema';
import type { pointSchema, rectSchema } from './fields';
import type { arrowAnnotationSchema } from '../kinds/arrow';
import type { caretAnnotationSchema } from '../kinds/caret';
import type { circleAnnotationSchema } from '../kinds/circle';
import type { commentAnnotationSchema } from '../kinds/comment';
import type { ellipseAnnotationSchema } from '../kinds/ellipse';
import type { freehandAnnotationSchema } from '../kinds/freehand';
import type { highlightAnnotationSchema } from '../kinds/highlight';
import type { imageAnnotationSchema } from '../kinds/image';
import type { polygonAnnotationSchema } from '../kinds/polygon';
import type { polylineAnnotationSchema } from '../kinds/polyline';
import type { rectangleAnnotationSchema } from '../kinds/rectangle';
import type { signatureAnnotationSchema } from '../kinds/signature';
import type { squigglyAnnotationSchema } from '../kinds/squiggly';
import type { stampAnnotationSchema } from '../kinds/stamp';
import type { strikethroughAnnotationSchema } from '../kinds/strikethrough';
import type { textAnnotationSchema } from '../kinds/text';
import type { underlineAnnotationSchema } from '../kinds/underline';
import type { whiteoutAnnotationSchema } from '../kinds/whiteout';
import type { customAnnotationSchema } from '../kinds/hostKinds';

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
 * Text whose box starts at `position` (top-left), in `fontSize` points, its lines aligned within
 * `width` (or within the longest line when absent).
 */
export type TextAnnotation = z.infer<typeof textAnnotationSchema>;
/** A translucent colour over text (default yellow at opacity 0.3); `rects` when snapped to lines. */
export type HighlightAnnotation = z.infer<typeof highlightAnnotationSchema>;
/** A line through the middle of each marked box (or of each text line in `rects`). */
export type StrikethroughAnnotation = z.infer<typeof strikethroughAnnotationSchema>;
/** A line along the bottom of each marked box (or of each text line in `rects`). */
export type UnderlineAnnotation = z.infer<typeof underlineAnnotationSchema>;
/** A wavy line along the bottom of each marked box (or of each text line in `rects`). */
export type SquigglyAnnotation = z.infer<typeof squigglyAnnotationSchema>;
/** A rectangle outline of `strokeWidth`, optionally filled (`fillStyle: 'solid'`). */
export type RectangleAnnotation = z.infer<typeof rectangleAnnotationSchema>;
/** A circle outline of `radius`; `position` is its bounding box's top-left (centre: position + radius). */
export type CircleAnnotation = z.infer<typeof circleAnnotationSchema>;
/** An ellipse outline inscribed in the box of `width` x `height` from `position`. */
export type EllipseAnnotation = z.infer<typeof ellipseAnnotationSchema>;
/** A straight arrow from `position` to `endPoint`, with its head at `endPoint`. */
export type ArrowAnnotation = z.infer<typeof arrowAnnotationSchema>;
/** A pen stroke through `points` (absolute page points); `position` is its bounds' top-left. */
export type FreehandAnnotation = z.infer<typeof freehandAnnotationSchema>;
/** A closed outline through `points` (at least three, page points), optionally filled; `position` is its bounds' top-left. */
export type PolygonAnnotation = z.infer<typeof polygonAnnotationSchema>;
/** An open line through `points` (at least two, page points); `position` is its bounds' top-left. */
export type PolylineAnnotation = z.infer<typeof polylineAnnotationSchema>;
/** A PNG or JPEG image (`imageData`) stretched to `width` x `height` from `position`. */
export type ImageAnnotation = z.infer<typeof imageAnnotationSchema>;
/** A signature image (drawn on the `SignaturePad`, a transparent PNG), placed like an image. */
export type SignatureAnnotation = z.infer<typeof signatureAnnotationSchema>;
/** A rounded frame with a word in capitals: a preset (APPROVED, REJECTED, ...; a dated SIGNED) or another tool's `custom` word. */
export type StampAnnotation = z.infer<typeof stampAnnotationSchema>;
/** An opaque white box hiding the page content under it; exported white whatever its `color`. */
export type WhiteoutAnnotation = z.infer<typeof whiteoutAnnotationSchema>;
/** A sticky note at `position`: an icon on the page with `content` as its text. */
export type CommentAnnotation = z.infer<typeof commentAnnotationSchema>;
/** A proofreader's insertion mark (^) filling its box, its point where `content` is to be inserted. */
export type CaretAnnotation = z.infer<typeof caretAnnotationSchema>;

/**
 * One annotation: a discriminated union on `type`. Every type has `id` (unique in its list),
 * `page` (1-based), `position` (its top-left, or an arrow's start, in page points: see
 * {@link Point}), `color` (`#RRGGBB`), `opacity` (0 to 1), `strokeWidth` (points) and ISO 8601
 * `createdAt` / `updatedAt`. Build one with `normalizeAnnotation`, validate JSON with
 * `parseAnnotations`.
 */
export type Annotation = z.infer<typeof annotationSchema> | CustomAnnotation;
/** The `type` of a host's own kind: `custom:` and a name, so it never clashes with the editor's. */
export type CustomType = `custom:${string}`;
/**
 * An annotation of a host's own kind (see `registerKinds`) as the editor sees it: the fields every
 * annotation has and a `custom:` type; its kind's schema validates the rest, which a host reads by
 * narrowing to its own type (`HostAnnotation`).
 */
export type CustomAnnotation = z.infer<typeof customAnnotationSchema>;
/** The `type` of an annotation: `'text'`, `'highlight'`, … (see `ANNOTATION_TYPES`). */
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
/**
 * The annotation of one type, e.g. `AnnotationOfType<'arrow'>` is {@link ArrowAnnotation}.
 */
export type AnnotationOfType<T extends AnnotationType> = Extract<Annotation, { type: T }>;

/** Text-line markups: highlight, strikethrough, underline and squiggly. */
export type MarkupAnnotation = HighlightAnnotation | StrikethroughAnnotation | UnderlineAnnotation | SquigglyAnnotation;

/**
 * What `normalizeAnnotation` accepts: a type and a page, everything else optional and filled
 * with the spec's defaults.
 */
export type AnnotationInput = {
  [K in AnnotationType]: { type: K; page: number } & Partial<Omit<AnnotationOfType<K>, 'type' | 'page'>>;
}[AnnotationType];

/**
 * What `normalizeAnnotation<A>` accepts for an annotation `A` of a host's own kind: its type and
 * a page, everything else optional and filled with the kind's defaults.
 */
export type CustomAnnotationInput<A extends CustomAnnotation> = { type: A['type']; page: number } & Partial<Omit<A, 'type' | 'page'>>;
