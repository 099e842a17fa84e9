// Polyline: an open line through at least two `points` (absolute page points); `position` is the
// top-left of the points' bounds. Optional line endings (PDF's /LE: arrowheads and the like) are
// drawn from the end points by `lineEndingPaths`, so they turn with the points and its bounds
// hold them. Resized by the corners of those bounds (the points scale), turned point by point.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { boundsOfPoints, LINE_ENDINGS, lineEndingPaths, pathPoints } from '../../geometry/annotationGeometry';
import { baseFields } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { cornerHandles } from '../shared/geometry';
import { nearPath, pointParts } from '../shared/points';
import { defaultVertices, verticesField } from '../shared/vertices';

const lineEnding = lazySchema(() => z.enum(LINE_ENDINGS, { error: `a line ending is one of ${LINE_ENDINGS.join(', ')}` }));

/** Validates a {@link PolylineAnnotation}. */
export const polylineAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('polyline'),
  /** The vertices in page points, at least two, joined in order. */
  points: verticesField('polyline'),
  /** What its first and last points end in (PDF's /LE names); plain ends when absent. */
  lineEndings: z.object({ start: lineEnding, end: lineEnding }).optional(),
  /** The fill of its closed endings (PDF's /IC); they are outlined only when absent. */
  fillColor: z.string().optional(),
}));

/** Its points' bounds grown to hold its endings. */
const bounds = (a: PolylineAnnotation) => boundsOfPoints([...a.points, ...lineEndingPaths(a.points, a.lineEndings).flatMap(pathPoints)], a.position);

type Endings = PolylineAnnotation['lineEndings'];
/** The variants the panel offers, as the endings they give (a plain line has none). */
const VARIANTS: Record<string, Endings> = { line: undefined, arrow: { start: 'None', end: 'OpenArrow' }, both: { start: 'OpenArrow', end: 'OpenArrow' } };
const sameEndings = (a: Endings, b: Endings) => (a?.start ?? 'None') === (b?.start ?? 'None') && (a?.end ?? 'None') === (b?.end ?? 'None');

/** An open line through `points` (at least two, page points); `position` is its bounds' top-left. */
export type PolylineAnnotation = z.infer<typeof polylineAnnotationSchema>;

export const polylineKind: AnnotationKind<PolylineAnnotation> = {
  type: 'polyline',
  schema: polylineAnnotationSchema,
  defaults: (position) => ({ points: defaultVertices(position) }),
  capabilities: { stroke: true, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'points' },
  ...pointParts,
  bounds,
  handles: (annotation) => cornerHandles(bounds(annotation)),
  resize(original, handle, point) {
    // The handles are on the bounds with the endings; the points' bounds keep their margin from them.
    const outer = bounds(original);
    const inner = boundsOfPoints(original.points, original.position);
    const dx = handle === 'nw' || handle === 'sw' ? inner.x - outer.x : inner.x + inner.width - outer.x - outer.width;
    const dy = handle === 'nw' || handle === 'ne' ? inner.y - outer.y : inner.y + inner.height - outer.y - outer.height;
    return pointParts.resize(original, handle, { x: point.x + dx, y: point.y + dy });
  },
  hits: (annotation, point, tolerance) =>
    [annotation.points, ...lineEndingPaths(annotation.points, annotation.lineEndings).map(pathPoints)].some((line) =>
      nearPath(line, false, point, tolerance + annotation.strokeWidth / 2),
    ),
  variants: {
    names: Object.keys(VARIANTS),
    // Endings the panel does not offer (another tool's) are none of its variants, and are kept.
    of: (annotation) => Object.keys(VARIANTS).find((name) => sameEndings(VARIANTS[name], annotation.lineEndings)) ?? 'other',
    fields: (name, _now, current) => (name in VARIANTS ? { lineEndings: VARIANTS[name] } : { lineEndings: current?.lineEndings }),
  },
};
