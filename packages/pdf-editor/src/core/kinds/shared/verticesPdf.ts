// The PDF half polygons and polylines share: the outline traced by `traceVertices` (flattened and
// as the native appearance alike), written as /Polygon or /PolyLine whose /Vertices hold the exact
// points in PDF user space (so any reader gets them back without looking at /Rect), with /IC for a
// polygon's fill; and the same subtypes read back from any tool's file. A polyline's line endings
// (/LE) are not part of the model: one written by another tool with arrowheads imports without them.
import { traceVertices } from '../../geometry/annotationGeometry';
import { LineCap } from '../../export/flatten/contentBuilder';
import type { Canvas } from '../../export/flatten/frame';
import { boundsOf, inflate, type NativeWriter } from '../../export/native/nativeTypes';
import { colorComponents } from '../../export/native/pdfValues';
import { CAP_ROOM, flatPoints } from '../../export/native/strokes';
import { readColor, readNumbers } from '../../import/pdfReaders';
import { toDisplayPoints, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { Annotation, PolygonAnnotation, PolylineAnnotation } from '../../model/types';
import { strokeThrough } from './points';
import { MIN_VERTICES } from './vertices';

type Vertexed = PolygonAnnotation | PolylineAnnotation;

/** The fill of a polygon, or none (a polyline has none). */
const fillOf = (annotation: Vertexed): string | undefined =>
  annotation.type === 'polygon' && annotation.fillStyle === 'solid' ? (annotation.fillColor ?? annotation.color) : undefined;

export function drawVertices(canvas: Canvas, annotation: Vertexed): void {
  const fill = fillOf(annotation);
  // A zero-width stroke would still paint a hairline in PDF; the editor shows nothing.
  const stroke = annotation.strokeWidth > 0;
  if (!stroke && !fill) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (fill) content.fillColor(canvas.color(fill));
  if (stroke) content.strokeColor(canvas.color(annotation.color)).lineWidth(annotation.strokeWidth).lineCap(LineCap.round);
  traceVertices(annotation.points, annotation.type === 'polygon', content);
  if (!fill) content.stroke();
  else if (stroke) content.fillAndStroke();
  else content.fill();
}

export const writeVertices: NativeWriter<Vertexed> = async (annotation, env) => {
  const fill = fillOf(annotation);
  return {
    subtype: annotation.type === 'polygon' ? 'Polygon' : 'PolyLine',
    displayRect: inflate(boundsOf(annotation.points), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: { Vertices: flatPoints(env, annotation.points), ...(fill ? { IC: colorComponents(fill) } : {}) },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};

/** Reads /Polygon or /PolyLine into the kind `type`; skipped (warned) with too few /Vertices. */
export function readVertices(type: Vertexed['type']): AnnotationReader {
  return (env) => {
    const values = readNumbers(env.read, env.dict, 'Vertices') ?? [];
    let points = toDisplayPoints(env.space, values);
    const first = points[0];
    const last = points[points.length - 1];
    // Acrobat closes a polygon's /Vertices by repeating the first; the model closes it by itself.
    if (type === 'polygon' && points.length > 1 && first && last && first.x === last.x && first.y === last.y) points = points.slice(0, -1);
    if (points.length < MIN_VERTICES[type]) {
      env.warn(`${env.label} has fewer than ${MIN_VERTICES[type]} usable /Vertices; skipped.`);
      return [];
    }
    const { base } = env;
    const fill = type === 'polygon' ? readColor(env.read, env.dict, 'IC') : undefined;
    const common = {
      ...base,
      // The model's rule for point kinds: position is the top-left of the points' bounds.
      ...strokeThrough(points, { x: 0, y: 0 }),
      color: base.color ?? fill ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
    };
    const annotation: Annotation =
      type === 'polyline' ? { ...common, type } : { ...common, type, fillStyle: fill ? 'solid' : 'none', ...(fill ? { fillColor: fill } : {}) };
    return [annotation];
  };
}
