// The PDF half polygons and polylines share: the outline traced by `traceVertices` (flattened and
// as the native appearance alike), written as /Polygon or /PolyLine whose /Vertices hold the exact
// points in PDF user space (so any reader gets them back without looking at /Rect), with /IC for a
// polygon's fill; and the same subtypes read back from any tool's file. A polyline's endings
// (`lineEndingPaths`) are drawn with its line, written as /LE with /IC for the fill of closed ones,
// and read back from them; a name the model lacks reads as 'None'.
import { LINE_ENDINGS, lineEndingPaths, pathPoints, tracePath, traceVertices, type LineEnding } from '../../geometry/annotationGeometry';
import { LineCap } from '../../export/flatten/contentBuilder';
import type { Canvas } from '../../export/flatten/frame';
import { boundsOf, CAP_ROOM, flatPoints, inflate, type NativeWriter } from '../../export/native/nativeTypes';
import { colorComponents } from '../../export/native/pdfValues';
import { readColor, readLineEndings, readNumbers } from '../../import/pdfReaders';
import { toDisplayPoints, type AnnotationReader, type ReadEnv } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { Annotation, Point, PolygonAnnotation, PolylineAnnotation } from '../../model/types';
import { strokeThrough } from './points';
import { MIN_VERTICES } from './vertices';

type Vertexed = PolygonAnnotation | PolylineAnnotation;

/** The fill of a polygon, or of a polyline's closed endings; none when not filled. */
const fillOf = (annotation: Vertexed): string | undefined =>
  annotation.type === 'polyline' ? annotation.fillColor : annotation.fillStyle === 'solid' ? (annotation.fillColor ?? annotation.color) : undefined;

const endingsOf = (annotation: Vertexed) => (annotation.type === 'polyline' ? lineEndingPaths(annotation.points, annotation.lineEndings) : []);

export function drawVertices(canvas: Canvas, annotation: Vertexed): void {
  const fill = fillOf(annotation);
  // A zero-width stroke would still paint a hairline in PDF; the editor shows nothing.
  const stroke = annotation.strokeWidth > 0;
  if (!stroke && !fill) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (fill) content.fillColor(canvas.color(fill));
  if (stroke) content.strokeColor(canvas.color(annotation.color)).lineWidth(annotation.strokeWidth).lineCap(LineCap.round);
  const closed = annotation.type === 'polygon';
  // A polyline's fill is its closed endings': its line is only stroked.
  const paint = (filled: boolean) => (!filled ? content.stroke() : stroke ? content.fillAndStroke() : content.fill());
  if (closed || stroke) {
    traceVertices(annotation.points, closed, content);
    paint(closed && !!fill);
  }
  for (const ending of endingsOf(annotation)) {
    const filled = !!fill && ending[ending.length - 1]?.[0] === 'Z';
    if (!stroke && !filled) continue;
    tracePath(content, ending);
    paint(filled);
  }
}

export const writeVertices: NativeWriter<Vertexed> = (annotation, env) => {
  const fill = fillOf(annotation);
  return {
    subtype: annotation.type === 'polygon' ? 'Polygon' : 'PolyLine',
    displayRect: inflate(boundsOf([...annotation.points, ...endingsOf(annotation).flatMap(pathPoints)]), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: {
      Vertices: flatPoints(env, annotation.points),
      ...(fill ? { IC: colorComponents(fill) } : {}),
      ...(annotation.type === 'polyline' && annotation.lineEndings ? { LE: [annotation.lineEndings.start, annotation.lineEndings.end] } : {}),
    },
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
    return [vertexedAnnotation(env, type, points)];
  };
}

/**
 * The polygon or polyline through `points` (display space) with the style of `env`'s dictionary:
 * /C, /CA, the border width, /IC as its fill and, for a polyline, /LE as its endings.
 */
export function vertexedAnnotation(env: ReadEnv, type: Vertexed['type'], points: Point[]): Annotation {
  const { base } = env;
  const fill = readColor(env.read, env.dict, 'IC');
  const common = {
    ...base,
    // The model's rule for point kinds: position is the top-left of the points' bounds.
    ...strokeThrough(points, { x: 0, y: 0 }),
    color: base.color ?? (type === 'polygon' ? fill : undefined) ?? DEFAULTS.color,
    opacity: base.opacity ?? DEFAULTS.opacity,
    strokeWidth: base.strokeWidth ?? 1,
  };
  return type === 'polyline'
    ? { ...common, type, ...endingsIn(env), ...(fill ? { fillColor: fill } : {}) }
    : { ...common, type, fillStyle: fill ? 'solid' : 'none', ...(fill ? { fillColor: fill } : {}) };
}

/** A polyline's /LE as its `lineEndings`, a name the model does not draw as 'None'; none without /LE. */
function endingsIn(env: ReadEnv): { lineEndings?: { start: LineEnding; end: LineEnding } } {
  const names = readLineEndings(env.read, env.dict);
  if (!names) return {};
  const known = (name: string) => LINE_ENDINGS.find((ending) => ending === name) ?? 'None';
  return { lineEndings: { start: known(names[0]), end: known(names[1]) } };
}
