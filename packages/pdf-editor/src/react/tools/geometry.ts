// Geometry of annotations in page space (PDF points, origin top-left): bounds for hit testing and
// selection boxes, and the patches that move or resize an annotation. Pure, shared by every tool.
import type { Annotation, Point, Rect } from '../../core/model/types';
import type { AnnotationPatch } from '../../core/history/annotationList';

const TEXT_LINE_HEIGHT = 1.2;
// Average glyph advance as a share of the font size, for text boxes without an explicit width.
const TEXT_ADVANCE = 0.55;
const COMMENT_SIZE = 24;

export function textSize(content: string, fontSize: number): { width: number; height: number } {
  const lines = content.split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  return { width: longest * fontSize * TEXT_ADVANCE, height: lines.length * fontSize * TEXT_LINE_HEIGHT };
}

export function bounds(annotation: Annotation): Rect {
  const { x, y } = annotation.position;
  switch (annotation.type) {
    case 'circle':
      return { x, y, width: annotation.radius * 2, height: annotation.radius * 2 };
    case 'arrow':
      return rectFromPoints(annotation.position, annotation.endPoint);
    case 'freehand': {
      if (annotation.points.length === 0) return { x, y, width: 0, height: 0 };
      const xs = annotation.points.map((p) => p.x);
      const ys = annotation.points.map((p) => p.y);
      const minX = Math.min(...xs);
      const minY = Math.min(...ys);
      return { x: minX, y: minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY };
    }
    case 'text': {
      const size = textSize(annotation.content || ' ', annotation.fontSize);
      return { x, y, width: annotation.width ?? size.width, height: size.height };
    }
    case 'comment':
      return { x, y, width: COMMENT_SIZE, height: COMMENT_SIZE };
    default:
      return { x, y, width: annotation.width, height: annotation.height };
  }
}

export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

export function contains(rect: Rect, point: Point, tolerance = 0): boolean {
  return (
    point.x >= rect.x - tolerance &&
    point.x <= rect.x + rect.width + tolerance &&
    point.y >= rect.y - tolerance &&
    point.y <= rect.y + rect.height + tolerance
  );
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Whether `point` touches the annotation: its stroke for lines, its box for everything else. */
export function hits(annotation: Annotation, point: Point, tolerance: number): boolean {
  const reach = tolerance + annotation.strokeWidth / 2;
  if (annotation.type === 'arrow') return distanceToSegment(point, annotation.position, annotation.endPoint) <= reach;
  if (annotation.type === 'freehand') {
    const pts = annotation.points;
    if (pts.length === 1 && pts[0]) return Math.hypot(point.x - pts[0].x, point.y - pts[0].y) <= reach;
    for (let i = 1; i < pts.length; i++) {
      if (distanceToSegment(point, pts[i - 1] as Point, pts[i] as Point) <= reach) return true;
    }
    return false;
  }
  if ('rects' in annotation && annotation.rects?.length) return annotation.rects.some((r) => contains(r, point, tolerance));
  return contains(bounds(annotation), point, tolerance);
}

/** The topmost annotation of `page` under `point` (later annotations are drawn on top). */
export function hitTest(annotations: readonly Annotation[], page: number, point: Point, tolerance: number): Annotation | undefined {
  for (let i = annotations.length - 1; i >= 0; i--) {
    const annotation = annotations[i] as Annotation;
    if (annotation.page === page && hits(annotation, point, tolerance)) return annotation;
  }
  return undefined;
}

const shift = (p: Point, dx: number, dy: number): Point => ({ x: p.x + dx, y: p.y + dy });

/** The patch that moves `annotation` by dx, dy. */
export function translate(annotation: Annotation, dx: number, dy: number): AnnotationPatch {
  const position = shift(annotation.position, dx, dy);
  switch (annotation.type) {
    case 'arrow':
      return { position, endPoint: shift(annotation.endPoint, dx, dy) };
    case 'freehand':
      return { position, points: annotation.points.map((p) => shift(p, dx, dy)) };
    case 'highlight':
    case 'strikethrough':
    case 'underline':
      return annotation.rects
        ? { position, rects: annotation.rects.map((r) => ({ ...r, x: r.x + dx, y: r.y + dy })) }
        : { position };
    default:
      return { position };
  }
}

export type Handle = 'nw' | 'ne' | 'sw' | 'se' | 'start' | 'end';

/** The resize handles an annotation offers: its two ends for an arrow, four corners otherwise. */
export function handlesOf(annotation: Annotation): { handle: Handle; point: Point }[] {
  if (annotation.type === 'arrow') {
    return [
      { handle: 'start', point: annotation.position },
      { handle: 'end', point: annotation.endPoint },
    ];
  }
  if (annotation.type === 'comment') return [];
  const b = bounds(annotation);
  return [
    { handle: 'nw', point: { x: b.x, y: b.y } },
    { handle: 'ne', point: { x: b.x + b.width, y: b.y } },
    { handle: 'sw', point: { x: b.x, y: b.y + b.height } },
    { handle: 'se', point: { x: b.x + b.width, y: b.y + b.height } },
  ];
}

export function handleAt(annotation: Annotation, point: Point, tolerance: number): Handle | undefined {
  return handlesOf(annotation).find((h) => Math.hypot(h.point.x - point.x, h.point.y - point.y) <= tolerance)?.handle;
}

/** The box `original` becomes when its `handle` corner is dragged to `point` (the opposite corner stays). */
export function resizeBox(original: Rect, handle: Handle, point: Point): Rect {
  const left = original.x;
  const top = original.y;
  const right = original.x + original.width;
  const bottom = original.y + original.height;
  const anchor: Point = {
    x: handle === 'nw' || handle === 'sw' ? right : left,
    y: handle === 'nw' || handle === 'ne' ? bottom : top,
  };
  return rectFromPoints(anchor, point);
}

/** The patch that makes `original` (the annotation when the resize began) fit `handle` dragged to `point`. */
export function resize(original: Annotation, handle: Handle, point: Point): AnnotationPatch {
  if (original.type === 'arrow') return handle === 'start' ? { position: point } : { endPoint: point };
  const from = bounds(original);
  const to = resizeBox(from, handle, point);
  const position = { x: to.x, y: to.y };
  switch (original.type) {
    case 'circle':
      return { position, radius: Math.max(to.width, to.height) / 2 };
    case 'freehand': {
      const sx = from.width === 0 ? 1 : to.width / from.width;
      const sy = from.height === 0 ? 1 : to.height / from.height;
      return { position, points: original.points.map((p) => ({ x: to.x + (p.x - from.x) * sx, y: to.y + (p.y - from.y) * sy })) };
    }
    case 'text':
      return { position: { x: to.x, y: original.position.y }, width: to.width };
    case 'comment':
      return {};
    case 'highlight':
    case 'strikethrough':
    case 'underline':
      // A resized text mark no longer follows its text lines: it becomes a free box.
      return { position, width: to.width, height: to.height, rects: [] };
    default:
      return { position, width: to.width, height: to.height };
  }
}
