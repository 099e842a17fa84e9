// Arrows as /Line annotations (arrowhead at the end point: /LE [/None /OpenArrow]) and freehand
// strokes as /Ink. /L and /InkList hold the exact points in PDF user space, so any reader gets the
// geometry back without looking at /Rect.
import type { ArrowAnnotation, FreehandAnnotation, Point } from '../../model/types';
import { polylinePath } from './appearance';
import { boundsOf, inflate, type NativeWriter, type WriterEnv } from './nativeTypes';
import { colorOperator, num } from './pdfValues';

/** The spec's arrowhead: 15 pt long, each side 30 degrees off the shaft. */
const HEAD_LENGTH = 15;
const HEAD_ANGLE = Math.PI / 6;
/** Room for round caps and joins beyond half the stroke, so nothing is clipped by the /BBox. */
const CAP_ROOM = 1;

export function arrowHead(start: Point, end: Point): [Point, Point] {
  const angle = Math.atan2(end.y - start.y, end.x - start.x);
  const side = (offset: number): Point => ({
    x: end.x - HEAD_LENGTH * Math.cos(angle + offset),
    y: end.y - HEAD_LENGTH * Math.sin(angle + offset),
  });
  return [side(HEAD_ANGLE), side(-HEAD_ANGLE)];
}

/**
 * The stroke smoothed as the flattened export draws it: quadratic curves through the midpoints
 * between samples (written as the equivalent cubics), ending with a straight segment.
 */
export function smoothedPath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  if (rest.length === 0) return polylinePath([first, first]);
  const ops = [`${num(first.x)} ${num(first.y)} m`];
  let current = first;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    const end = { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 };
    const c1 = { x: current.x + (2 / 3) * (control.x - current.x), y: current.y + (2 / 3) * (control.y - current.y) };
    const c2 = { x: end.x + (2 / 3) * (control.x - end.x), y: end.y + (2 / 3) * (control.y - end.y) };
    ops.push(`${[c1.x, c1.y, c2.x, c2.y, end.x, end.y].map(num).join(' ')} c`);
    current = end;
  }
  const last = rest[rest.length - 1] as Point;
  ops.push(`${num(last.x)} ${num(last.y)} l`);
  return ops.join(' ');
}

function strokeStyle(env: WriterEnv, color: string, opacity: number, width: number): void {
  env.appearance.setOpacity(opacity);
  // Round caps and joins: how a pen stroke looks, and they stay within half the width.
  env.appearance.push(colorOperator(color, 'RG'), `${num(width)} w`, '1 J', '1 j');
}

function flatPoints(env: WriterEnv, points: readonly Point[]): number[] {
  return points.flatMap((point) => {
    const pdf = env.space.toPdf(point);
    return [pdf.x, pdf.y];
  });
}

export const writeArrow: NativeWriter<ArrowAnnotation> = async (annotation, env) => {
  const start = annotation.position;
  const end = annotation.endPoint;
  const head = arrowHead(start, end);
  strokeStyle(env, annotation.color, annotation.opacity, annotation.strokeWidth);
  env.appearance.push(polylinePath([start, end]), 'S', polylinePath([head[0], end, head[1]]), 'S');
  const { context } = env.doc;
  return {
    subtype: 'Line',
    displayRect: inflate(boundsOf([start, end, ...head]), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: {
      L: context.obj(flatPoints(env, [start, end])),
      LE: context.obj(['None', 'OpenArrow']),
    },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};

export const writeFreehand: NativeWriter<FreehandAnnotation> = async (annotation, env) => {
  const { points } = annotation;
  if (points.length === 0) {
    env.context.warn(`Freehand annotation ${annotation.id} has no points; skipped.`);
    return undefined;
  }
  strokeStyle(env, annotation.color, annotation.opacity, annotation.strokeWidth);
  // A single point becomes a zero-length segment, which the round cap draws as a dot.
  env.appearance.push(smoothedPath(points), 'S');
  const { context } = env.doc;
  return {
    subtype: 'Ink',
    displayRect: inflate(boundsOf(points), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: { InkList: context.obj([context.obj(flatPoints(env, points))]) },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};
