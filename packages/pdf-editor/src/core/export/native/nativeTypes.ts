// The contract between the native-annotation dispatcher and the per-type writers: a writer turns
// one annotation into its subtype's own keys; the dispatcher adds the keys every annotation
// carries (/Rect, /NM, dates, /C, /CA, /BS, /P, the private model copy) and the appearance (/AP),
// which the kind's flatten drawer paints (appearance.ts).
import type { PageSpace } from '../../geometry/pageSpace';
import type { Annotation, Point, Rect } from '../../model/types';
import type { PdfValue } from '../../pdf/objects';
import type { PdfDocumentWriter } from '../../pdfObjectTypes';
import type { ExportContext } from '../context';

/** What a kind's native writer is given: the document, its page's space and the export's context. */
export interface WriterEnv {
  doc: PdfDocumentWriter;
  space: PageSpace;
  context: ExportContext;
}

/**
 * The annotation subtypes of PDF 2.0 (ISO 32000-2, table 171) a kind may write, so a new kind
 * never needs this list changed.
 */
export type NativeSubtype =
  | 'Text'
  | 'FreeText'
  | 'Line'
  | 'Square'
  | 'Circle'
  | 'Polygon'
  | 'PolyLine'
  | 'Highlight'
  | 'Underline'
  | 'Squiggly'
  | 'StrikeOut'
  | 'Caret'
  | 'Stamp'
  | 'Ink'
  | 'FileAttachment'
  | 'Sound'
  | 'Redact'
  | 'Watermark'
  | 'Projection';

/**
 * A native annotation as a kind's writer describes it; the export adds the keys every annotation
 * carries and the appearance, which the kind's `draw` paints.
 */
export interface NativeParts {
  subtype: NativeSubtype;
  /** The area the appearance covers, in display coordinates; becomes /Rect and the form's /BBox. */
  displayRect: Rect;
  /** /Rect in PDF user space when it is not simply `displayRect` mapped (NoRotate notes). */
  pdfRect?: Rect;
  /** The space the appearance is drawn in when not the page's (a NoRotate note's upright frame). */
  frame?: PageSpace;
  /** /F when not just Print. */
  flags?: number;
  /** Subtype-specific entries (/IC, /L, /InkList, /QuadPoints, /DA, ...). */
  entries: Record<string, PdfValue>;
  /** /Contents, for types whose text a reader shows. */
  contents?: string;
  /** /C: stroke or icon colour. Omitted for FreeText, where /C means a background fill. */
  color?: string;
  /** /BS /W; 0 for types whose border a regenerating viewer must not draw. */
  borderWidth: number;
}

/**
 * Writes the subtype-specific parts; undefined skips the annotation. Only text waits for anything
 * (its layout): the others return their parts at once, so an export of a thousand annotations
 * queues no microtask for them.
 */
export type NativeWriter<A extends Annotation> = (
  annotation: A,
  env: WriterEnv,
) => Promise<NativeParts | undefined> | NativeParts | undefined;

/**
 * `next` of `value`: at once when the value is at hand, after it settles when it is a promise.
 * Only text and images wait for anything in native export, so the other annotations go through
 * their writer, appearance and dictionary without queueing a microtask.
 */
export function whenReady<T, R>(value: T | Promise<T>, next: (value: T) => R): R | Promise<Awaited<R>> {
  // A promise resolving to a promise settles with that one's value: Awaited<R>.
  return value instanceof Promise ? (value.then(next) as Promise<Awaited<R>>) : next(value);
}

/** The rectangle covering `rect` grown by `margin` on every side (by `vertical` above and below when given). */
export function inflate(rect: Rect, margin: number, vertical = margin): Rect {
  return {
    x: rect.x - margin,
    y: rect.y - vertical,
    width: rect.width + 2 * margin,
    height: rect.height + 2 * vertical,
  };
}

/**
 * /RD: how far `inner` lies inside `outer` (both in user space), as left, bottom, right, top: the
 * order every reader uses (see readInnerRect), not the one the spec's text gives.
 */
export function rectDifferences(outer: Rect, inner: Rect): [number, number, number, number] {
  return [
    inner.x - outer.x,
    inner.y - outer.y,
    outer.x + outer.width - (inner.x + inner.width),
    outer.y + outer.height - (inner.y + inner.height),
  ];
}

/** The smallest rectangle covering all points. */
export function boundsOf(points: readonly { x: number; y: number }[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Room for round caps and joins beyond half the stroke, so nothing is clipped by the /BBox. */
export const CAP_ROOM = 1;

/** Points as the flat x1 y1 x2 y2 ... list of PDF user space that /L, /InkList and /Vertices hold. */
export function flatPoints(env: WriterEnv, points: readonly Point[]): number[] {
  return points.flatMap((point) => {
    const pdf = env.space.toPdf(point);
    return [pdf.x, pdf.y];
  });
}
