// Freehand strokes as one smooth path: quadratic curves through the midpoints between samples,
// which removes the jaggedness of pointer sampling without moving the stroke off its points.
// Each quadratic is written as the cubic Bezier that traces the same curve, since content
// streams have no quadratic operator.
import type { FreehandAnnotation, Point } from '../../model/types';
import { LineCap, type ContentBuilder } from './contentBuilder';
import type { Canvas } from './frame';

/** Receives a path segment by segment, in the coordinates of the points it was traced from. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  quadTo(controlX: number, controlY: number, x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** Traces the smoothed path through `points` into `sink`; nothing for fewer than two points. */
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

/**
 * Writes a traced path as content-stream operators, each quadratic raised to the cubic that draws
 * the same curve. A class, so the current point lives in fields rather than in boxed closure slots.
 */
class CubicWriter implements PathSink {
  private x = 0;
  private y = 0;

  constructor(private readonly content: ContentBuilder) {}

  moveTo(x: number, y: number): void {
    this.content.moveTo((this.x = x), (this.y = y));
  }

  quadTo(controlX: number, controlY: number, x: number, y: number): void {
    const k = 2 / 3;
    const c1x = this.x + k * (controlX - this.x);
    const c1y = this.y + k * (controlY - this.y);
    this.content.curveTo(c1x, c1y, x + k * (controlX - x), y + k * (controlY - y), (this.x = x), (this.y = y));
  }

  lineTo(x: number, y: number): void {
    this.content.lineTo((this.x = x), (this.y = y));
  }
}

export function drawFreehand(canvas: Canvas, annotation: FreehandAnnotation): void {
  const { points } = annotation;
  const [only] = points;
  if (!only) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (points.length === 1) {
    // A single tap is a dot as wide as the stroke.
    const radius = Math.max(annotation.strokeWidth, 1) / 2;
    content.fillColor(canvas.color(annotation.color)).ellipse(only.x, only.y, radius, radius).fill();
    return;
  }
  content.strokeColor(canvas.color(annotation.color)).lineWidth(Math.max(annotation.strokeWidth, 0.5)).lineCap(LineCap.round);
  smoothPath(points, new CubicWriter(content));
  content.stroke();
}
