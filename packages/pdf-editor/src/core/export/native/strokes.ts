// Arrows as /Line annotations (arrowhead at the end point: /LE [/None /OpenArrow]) and freehand
// strokes as /Ink. /L and /InkList hold the exact points in PDF user space, so any reader gets the
// geometry back without looking at /Rect.
import { arrowPath, CubicPathWriter, smoothPath } from '../../geometry/annotationGeometry';
import type { ArrowAnnotation, FreehandAnnotation, Point } from '../../model/types';
import { polylinePath } from './appearance';
import { boundsOf, inflate, type NativeWriter, type WriterEnv } from './nativeTypes';
import { colorOperator, num } from './pdfValues';
import { pdfValue } from '../../pdf/objects';

/** Room for round caps and joins beyond half the stroke, so nothing is clipped by the /BBox. */
const CAP_ROOM = 1;

/** The stroke smoothed exactly as the flattened export draws it, as content-stream operators. */
function smoothedPath(points: readonly Point[]): string {
  const ops: string[] = [];
  smoothPath(
    points,
    new CubicPathWriter({
      moveTo: (x, y) => ops.push(`${num(x)} ${num(y)} m`),
      curveTo: (...xy) => ops.push(`${xy.map(num).join(' ')} c`),
      lineTo: (x, y) => ops.push(`${num(x)} ${num(y)} l`),
    }),
  );
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
  const [shaft, head] = arrowPath(start, end);
  strokeStyle(env, annotation.color, annotation.opacity, annotation.strokeWidth);
  env.appearance.push(polylinePath(shaft), 'S', polylinePath(head), 'S');
  return {
    subtype: 'Line',
    displayRect: inflate(boundsOf([start, end, ...head]), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: {
      L: pdfValue(flatPoints(env, [start, end])),
      LE: pdfValue(['None', 'OpenArrow']),
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
  env.appearance.push(points.length === 1 ? polylinePath([points[0] as Point, points[0] as Point]) : smoothedPath(points), 'S');
  return {
    subtype: 'Ink',
    displayRect: inflate(boundsOf(points), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: { InkList: pdfValue([flatPoints(env, points)]) },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};
