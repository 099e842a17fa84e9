// The contract between the import loop and the per-subtype readers, which rebuild our model from
// an annotation dictionary's standard keys.
import type { PageSpace } from '../geometry/pageSpace';
import type { Annotation, Point, Rect } from '../model/types';
import type { PdfDictionary } from '../pdfObjectTypes';
import type { DictReader } from './pdfReaders';

/** Fields every annotation has, read from /NM, /T, /C, /CA, /BS and the dates. */
export interface BaseFields {
  id: string;
  page: number;
  /** /T, when the dictionary names an author. */
  author?: string;
  /** undefined when the dictionary gives none; each reader applies its type's default. */
  color: string | undefined;
  opacity: number | undefined;
  strokeWidth: number | undefined;
  createdAt: string;
  updatedAt: string;
}

/** What a reader of one native annotation is given: its dictionary, the page's space and the common fields. */
export interface ReadEnv {
  dict: PdfDictionary;
  /** Follows the document's references while reading `dict`. */
  read: DictReader;
  space: PageSpace;
  base: BaseFields;
  /** "Ink annotation {id} on page 3" style label for warnings. */
  label: string;
  warn(message: string): void;
}

/** Rebuilds annotations from one dictionary: none when its geometry is missing (warned), several for multi-stroke ink. */
export type AnnotationReader = (env: ReadEnv) => Annotation[] | Promise<Annotation[]>;

/** `rect`; when there is none, warns that the annotation was skipped for want of a usable /Rect. */
export function rectOrSkip(env: ReadEnv, rect: Rect | undefined): Rect | undefined {
  if (!rect) env.warn(`${env.label} has no usable /Rect; skipped.`);
  return rect;
}

/** A PDF-space rectangle in display space, as a top-left position and a size. */
export function toDisplayBox(space: PageSpace, pdfRect: Rect): Rect {
  return space.rectToDisplay(pdfRect);
}

/** Pairs of numbers (x1 y1 x2 y2 ...) in PDF space as display points. */
export function toDisplayPoints(space: PageSpace, values: readonly number[]): Point[] {
  const points: Point[] = [];
  for (let index = 0; index + 1 < values.length; index += 2) {
    points.push(space.toDisplay({ x: values[index] as number, y: values[index + 1] as number }));
  }
  return points;
}
