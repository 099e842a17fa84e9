// The contract between the native-annotation dispatcher and the per-type writers: a writer turns
// one annotation into its subtype's own keys and appearance; the dispatcher adds the keys every
// annotation carries (/Rect, /NM, dates, /C, /CA, /BS, /P, /AP, the private model copy).
import type { PDF, PdfObject } from '@libpdf/core';
import type { PageSpace } from '../../geometry/pageSpace';
import type { Annotation, Rect } from '../../model/types';
import type { ExportContext } from '../context';
import type { AppearanceBuilder } from './appearance';

export interface WriterEnv {
  doc: PDF;
  space: PageSpace;
  context: ExportContext;
  appearance: AppearanceBuilder;
}

export interface NativeParts {
  subtype: 'Square' | 'Circle' | 'Line' | 'Ink' | 'Highlight' | 'StrikeOut' | 'Underline' | 'FreeText' | 'Stamp' | 'Text';
  /** The area the appearance covers, in display coordinates; becomes /Rect and the form's /BBox. */
  displayRect: Rect;
  /** /Rect in PDF user space when it is not simply `displayRect` mapped (NoRotate notes). */
  pdfRect?: Rect;
  /** /F when not just Print. */
  flags?: number;
  /** Subtype-specific entries (/IC, /L, /InkList, /QuadPoints, /DA, ...). */
  entries: Record<string, PdfObject>;
  /** /Contents, for types whose text a reader shows. */
  contents?: string;
  /** /C: stroke or icon colour. Omitted for FreeText, where /C means a background fill. */
  color?: string;
  /** /BS /W; 0 for types whose border a regenerating viewer must not draw. */
  borderWidth: number;
}

/** Writes the subtype-specific parts and draws the appearance; undefined skips the annotation. */
export type NativeWriter<A extends Annotation> = (annotation: A, env: WriterEnv) => Promise<NativeParts | undefined>;

/** The rectangle covering `rect` grown by `margin` on every side (by `vertical` above and below when given). */
export function inflate(rect: Rect, margin: number, vertical = margin): Rect {
  return { x: rect.x - margin, y: rect.y - vertical, width: rect.width + 2 * margin, height: rect.height + 2 * vertical };
}

/** /RD: how far `inner` lies inside `outer` (both in user space), as left, top, right, bottom. */
export function rectDifferences(outer: Rect, inner: Rect): [number, number, number, number] {
  return [
    inner.x - outer.x,
    outer.y + outer.height - (inner.y + inner.height),
    outer.x + outer.width - (inner.x + inner.width),
    inner.y - outer.y,
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
