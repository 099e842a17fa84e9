// The TypeScript types of the annotation model, derived from the schemas so the two never drift:
// the union of every kind's annotation, assembled here above the kinds (each kind module declares
// its own type over model/base.ts, which is all it imports of the model).
import type * as z from 'zod';
import type { CustomAnnotation, CustomType } from './base';
import type { annotationSchema } from './schema';
import type { HighlightAnnotation } from '../kinds/highlight';
import type { SquigglyAnnotation } from '../kinds/squiggly';
import type { StrikethroughAnnotation } from '../kinds/strikethrough';
import type { UnderlineAnnotation } from '../kinds/underline';

export type { BaseAnnotation, CustomAnnotation, CustomType, Point, Rect } from './base';
export type { TextAnnotation } from '../kinds/text';
export type { HighlightAnnotation } from '../kinds/highlight';
export type { StrikethroughAnnotation } from '../kinds/strikethrough';
export type { UnderlineAnnotation } from '../kinds/underline';
export type { SquigglyAnnotation } from '../kinds/squiggly';
export type { FreehandAnnotation } from '../kinds/freehand';
export type { RectangleAnnotation } from '../kinds/rectangle';
export type { CircleAnnotation } from '../kinds/circle';
export type { EllipseAnnotation } from '../kinds/ellipse';
export type { ArrowAnnotation } from '../kinds/arrow';
export type { PolygonAnnotation } from '../kinds/polygon';
export type { PolylineAnnotation } from '../kinds/polyline';
export type { CommentAnnotation } from '../kinds/comment';
export type { CaretAnnotation } from '../kinds/caret';
export type { SignatureAnnotation } from '../kinds/signature';
export type { StampAnnotation } from '../kinds/stamp';
export type { ImageAnnotation } from '../kinds/image';
export type { WhiteoutAnnotation } from '../kinds/whiteout';

/**
 * One annotation: a discriminated union on `type`. Every type has `id` (unique in its list),
 * `page` (1-based), `position` (its top-left, or an arrow's start, in page points: see
 * {@link Point}), `color` (`#RRGGBB`), `opacity` (0 to 1), `strokeWidth` (points) and ISO 8601
 * `createdAt` / `updatedAt`. Build one with `normalizeAnnotation`, validate JSON with
 * `parseAnnotations`.
 */
export type Annotation = z.infer<typeof annotationSchema> | CustomAnnotation;
/** The `type` of an annotation: `'text'`, `'highlight'`, … (see `ANNOTATION_TYPES`). */
export type AnnotationType = z.infer<typeof annotationSchema>['type'];
/**
 * The annotation of one type, e.g. `AnnotationOfType<'arrow'>` is {@link ArrowAnnotation}.
 */
export type AnnotationOfType<T extends AnnotationType> = Extract<Annotation, { type: T }>;

/**
 * The annotations of the kinds `K`: a built-in type's own, or for a host's `custom:` type the
 * fields every annotation has (the host's kind narrows it to its own type).
 */
export type KindAnnotation<K extends AnnotationType | CustomType> = K extends AnnotationType ? AnnotationOfType<K> : CustomAnnotation;

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
