// Geometry of annotations for the tools: hit testing a page's list and the patches that move or
// resize one. What differs between kinds (bounds, handles, how a resize applies) is the kind's
// own, read from the core's kind registry; this module only walks lists and routes to it.
import type { Annotation, AnnotationPatch, Handle, Point, Rect } from '../../core/index';
import { contains, kindFor, rectFromPoints, unionOfRects } from '../../core/internal';

export type { Handle };
export { contains, rectFromPoints };

export function bounds(annotation: Annotation): Rect {
  return kindFor(annotation).bounds(annotation);
}

/** The one box around several annotations: what a multi-selection shows. */
export function boundsOfAll(annotations: readonly Annotation[]): Rect {
  return unionOfRects(annotations.map(bounds));
}

/** Whether `point` touches the annotation: its stroke for lines, its box for everything else. */
export function hits(annotation: Annotation, point: Point, tolerance: number): boolean {
  const kind = kindFor(annotation);
  return kind.hits ? kind.hits(annotation, point, tolerance) : contains(kind.bounds(annotation), point, tolerance);
}

/** Whether two boxes share any point (touching edges count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** The annotations of `page` a marquee `box` touches, in drawing order. */
export function annotationsIn(annotations: readonly Annotation[], page: number, box: Rect): Annotation[] {
  return annotations.filter((annotation) => annotation.page === page && intersects(bounds(annotation), box));
}

/** The topmost annotation of `page` under `point` (later annotations are drawn on top). */
export function hitTest(annotations: readonly Annotation[], page: number, point: Point, tolerance: number): Annotation | undefined {
  for (let i = annotations.length - 1; i >= 0; i--) {
    const annotation = annotations[i] as Annotation;
    if (annotation.page === page && hits(annotation, point, tolerance)) return annotation;
  }
  return undefined;
}

/** The patch that moves `annotation` by dx, dy. */
export function translate(annotation: Annotation, dx: number, dy: number): AnnotationPatch {
  return kindFor(annotation).translate(annotation, dx, dy);
}

/** The resize handles an annotation offers: its two ends for an arrow, four corners for a box, none for a note. */
export function handlesOf(annotation: Annotation): { handle: Handle; point: Point }[] {
  return kindFor(annotation).handles(annotation);
}

export function handleAt(annotation: Annotation, point: Point, tolerance: number): Handle | undefined {
  return handlesOf(annotation).find((h) => Math.hypot(h.point.x - point.x, h.point.y - point.y) <= tolerance)?.handle;
}

/** The patch that makes `original` (the annotation when the resize began) fit `handle` dragged to `point`. */
export function resize(original: Annotation, handle: Handle, point: Point): AnnotationPatch {
  return kindFor(original).resize(original, handle, point);
}
