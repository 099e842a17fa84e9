// Shape maths that every renderer of an annotation shares (the flattened export, the native
// appearance streams and the on-screen overlay), so an arrow head or a text-line mark is the same
// shape wherever it is drawn. Everything is in display coordinates.
import type { MarkupAnnotation, Point, Rect } from '../model/types';

/** The spec's arrow head: 15 pt long, each side 30 degrees off the shaft. */
export const ARROW_HEAD = { length: 15, angle: Math.PI / 6 } as const;

/** The arrow's two polylines: the shaft, then the head through the tip. */
export function arrowPath(start: Point, end: Point): [Point[], Point[]] {
  const angle = Math.atan2(end.y - start.y, end.x - start.x);
  const wing = (side: number): Point => ({
    x: end.x - ARROW_HEAD.length * Math.cos(angle + side * ARROW_HEAD.angle),
    y: end.y - ARROW_HEAD.length * Math.sin(angle + side * ARROW_HEAD.angle),
  });
  return [
    [start, end],
    [wing(-1), end, wing(1)],
  ];
}

/** The line rectangles of a markup: its `rects`, or its box when it was not snapped to text. */
export function markupRects(
  annotation: Pick<MarkupAnnotation, 'position' | 'width' | 'height' | 'rects'>,
): Rect[] {
  if (annotation.rects && annotation.rects.length > 0) return annotation.rects;
  return [
    {
      x: annotation.position.x,
      y: annotation.position.y,
      width: annotation.width,
      height: annotation.height,
    },
  ];
}

/**
 * The line a strikethrough or underline draws across one of its rectangles: as thick as its
 * `strokeWidth` but at most half the line's height (so a thin text line is not painted over) and at
 * least half a point; through the middle for a strikethrough, resting inside the bottom edge for an
 * underline. `y` is the line's centre.
 */
export function markupLine(
  type: 'strikethrough' | 'underline',
  rect: Rect,
  strokeWidth: number,
): { y: number; thickness: number } {
  const thickness = Math.max(0.5, Math.min(strokeWidth, rect.height / 2));
  const y = type === 'strikethrough' ? rect.y + rect.height / 2 : rect.y + rect.height - thickness / 2;
  return { y, thickness };
}

/** Height of one text line as a share of the font size: CSS-like line boxes of 1.2 em. */
export const TEXT_LINE_HEIGHT = 1.2;

/**
 * Average advance of a character as a share of the font size, for sizing a text box without an
 * explicit width before any font is measured (Helvetica's and Arial's mean over Latin text).
 */
export const TEXT_ADVANCE_EM = 0.55;

/** The box of a text annotation: its `width`, or the estimate for its longest line; 1.2 em per line. */
export function textBoxSize(text: { content: string; fontSize: number; width?: number | undefined }): { width: number; height: number } {
  const lines = (text.content || ' ').split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  return {
    width: text.width ?? longest * text.fontSize * TEXT_ADVANCE_EM,
    height: lines.length * text.fontSize * TEXT_LINE_HEIGHT,
  };
}

/** The smallest rectangle holding every point; a zero box at `fallback` when there are none. */
export function boundsOfPoints(points: readonly Point[], fallback: Point): Rect {
  if (points.length === 0) return { x: fallback.x, y: fallback.y, width: 0, height: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Receives a path segment by segment, in the coordinates of the points it was traced from. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  quadTo(controlX: number, controlY: number, x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * Traces a freehand stroke smoothed with quadratic curves through the midpoints between samples,
 * which removes the jaggedness of pointer sampling without moving the stroke off its points;
 * nothing for fewer than two points.
 */
export function smoothPath(points: readonly Point[], sink: PathSink): void {
  if (points.length < 2) return;
  const first = points[0] as Point;
  sink.moveTo(first.x, first.y);
  for (let i = 1; i < points.length - 1; i++) {
    const control = points[i] as Point;
    const next = points[i + 1] as Point;
    sink.quadTo(control.x, control.y, (control.x + next.x) / 2, (control.y + next.y) / 2);
  }
  const last = points[points.length - 1] as Point;
  sink.lineTo(last.x, last.y);
}

/** A path target with cubic curves only, as PDF content streams are. */
export interface CubicPathTarget {
  moveTo(x: number, y: number): unknown;
  curveTo(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): unknown;
  lineTo(x: number, y: number): unknown;
}

/**
 * A PathSink that raises each quadratic to the cubic tracing the same curve. A class, so the
 * current point lives in fields rather than in boxed closure slots (it runs per freehand sample).
 */
export class CubicPathWriter implements PathSink {
  private x = 0;
  private y = 0;

  constructor(private readonly target: CubicPathTarget) {}

  moveTo(x: number, y: number): void {
    this.target.moveTo((this.x = x), (this.y = y));
  }

  quadTo(controlX: number, controlY: number, x: number, y: number): void {
    const k = 2 / 3;
    const c1x = this.x + k * (controlX - this.x);
    const c1y = this.y + k * (controlY - this.y);
    this.target.curveTo(c1x, c1y, x + k * (controlX - x), y + k * (controlY - y), (this.x = x), (this.y = y));
  }

  lineTo(x: number, y: number): void {
    this.target.lineTo((this.x = x), (this.y = y));
  }
}
