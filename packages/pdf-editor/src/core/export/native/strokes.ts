// Arrows as /Line annotations (arrowhead at the end point: /LE [/None /OpenArrow]) and freehand
// strokes as /Ink. /L and /InkList hold the exact points in PDF user space, so any reader gets the
// geometry back without looking at /Rect.
import { arrowPath } from '../../geometry/annotationGeometry';
import type { ArrowAnnotation, FreehandAnnotation, Point } from '../../model/types';
import { boundsOf, inflate, type NativeWriter, type WriterEnv } from './nativeTypes';

/** Room for round caps and joins beyond half the stroke, so nothing is clipped by the /BBox. */
export const CAP_ROOM = 1;

/** Points as the flat x1 y1 x2 y2 ... list of PDF user space that /L, /InkList and /Vertices hold. */
export function flatPoints(env: WriterEnv, points: readonly Point[]): number[] {
  return points.flatMap((point) => {
    const pdf = env.space.toPdf(point);
    return [pdf.x, pdf.y];
  });
}

export const writeArrow: NativeWriter<ArrowAnnotation> = (annotation, env) => {
  const start = annotation.position;
  const end = annotation.endPoint;
  const [, head] = arrowPath(start, end);
  return {
    subtype: 'Line',
    displayRect: inflate(boundsOf([start, end, ...head]), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: {
      L: flatPoints(env, [start, end]),
      LE: ['None', 'OpenArrow'],
    },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};

export const writeFreehand: NativeWriter<FreehandAnnotation> = (annotation, env) => {
  const { points } = annotation;
  if (points.length === 0) {
    env.context.warn(`Freehand annotation ${annotation.id} has no points; skipped.`);
    return undefined;
  }
  return {
    subtype: 'Ink',
    displayRect: inflate(boundsOf(points), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: { InkList: [flatPoints(env, points)] },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};
