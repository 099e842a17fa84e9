// Maps between the editor's page space (points, origin top-left of the page as displayed, with its
// /Rotate applied and its CropBox as the visible area) and PDF user space (origin bottom-left of
// the unrotated MediaBox coordinates). Export and import both go through here, so an annotation
// lands where the user saw it on rotated pages and on boxes that do not start at 0,0.
import { checkObject, invalid } from '../input';
import type { Point, Rect } from '../model/base';
import { unionOfRects } from './annotationGeometry';

/** A page's /Rotate in degrees clockwise, normalised (see `normalizeRotation`). */
export type PageRotation = 0 | 90 | 180 | 270;

/** The visible box of a page in PDF user space: left, bottom, right, top. */
export interface PdfBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/**
 * One page's mapping between page space (the annotation model's coordinates: points, origin
 * top-left of the page as displayed, y downward) and PDF user space (origin bottom-left, y upward,
 * before /Rotate). Made by `createPageSpace`.
 */
export interface PageSpace {
  /** The page's /Rotate, normalised. */
  rotation: PageRotation;
  /** The visible box, with left < right and bottom < top whatever order it was given in. */
  box: PdfBox;
  /** Width and height of the page as displayed (rotation applied). */
  width: number;
  height: number;
  /** Display point to PDF user space point. */
  toPdf(point: Point): Point;
  /** PDF user space point to display point. */
  toDisplay(point: Point): Point;
  /** Display rectangle to the axis-aligned PDF rectangle covering it (x, y is its bottom-left). */
  rectToPdf(rect: Rect): Rect;
  /** PDF rectangle (bottom-left x, y) to the display rectangle (top-left x, y). */
  rectToDisplay(rect: Rect): Rect;
}

function checkQuarterTurns(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value % 90 !== 0)
    invalid(field, 'a multiple of 90 degrees', value);
}

/**
 * Normalises any multiple of 90 (negative too) to 0, 90, 180 or 270; anything else is an
 * InvalidInputError naming `degrees`.
 */
export function normalizeRotation(degrees: number): PageRotation {
  checkQuarterTurns(degrees, 'degrees');
  return quarterTurns(degrees);
}

function quarterTurns(degrees: number): PageRotation {
  return (((((degrees / 90) % 4) + 4) % 4) * 90) as PageRotation;
}

function checkBox(value: unknown, field: string): asserts value is PdfBox {
  const box = checkObject(value, field);
  for (const side of ['left', 'bottom', 'right', 'top'] as const) {
    if (typeof box[side] !== 'number' || !Number.isFinite(box[side]))
      invalid(`${field}.${side}`, 'a finite number', box[side]);
  }
}

/**
 * The page space of a page whose visible box (usually its CropBox, else its MediaBox) is `box`
 * and whose /Rotate is `rotationDegrees` (any multiple of 90, default 0). A side that is no finite
 * number or a rotation that is no quarter turn is an InvalidInputError naming it (`box.top`,
 * `rotationDegrees`).
 *
 * @example
 * // A portrait Letter page rotated a quarter turn is shown landscape.
 * const space = createPageSpace({ left: 0, bottom: 0, right: 612, top: 792 }, 90);
 * space.width; // 792
 * space.toPdf({ x: 0, y: 0 }); // { x: 0, y: 0 }: the displayed top-left is the PDF origin
 */
export function createPageSpace(box: PdfBox, rotationDegrees = 0): PageSpace {
  checkBox(box, 'box');
  checkQuarterTurns(rotationDegrees, 'rotationDegrees');
  const rotation = quarterTurns(rotationDegrees);
  const left = Math.min(box.left, box.right);
  const right = Math.max(box.left, box.right);
  const bottom = Math.min(box.bottom, box.top);
  const top = Math.max(box.bottom, box.top);
  const boxWidth = right - left;
  const boxHeight = top - bottom;
  const sideways = rotation === 90 || rotation === 270;

  const toPdf = ({ x: u, y: v }: Point): Point => {
    switch (rotation) {
      case 0:
        return { x: left + u, y: top - v };
      case 90:
        return { x: left + v, y: bottom + u };
      case 180:
        return { x: right - u, y: bottom + v };
      case 270:
        return { x: right - v, y: top - u };
    }
  };

  const toDisplay = ({ x, y }: Point): Point => {
    switch (rotation) {
      case 0:
        return { x: x - left, y: top - y };
      case 90:
        return { x: y - bottom, y: x - left };
      case 180:
        return { x: right - x, y: y - bottom };
      case 270:
        return { x: top - y, y: right - x };
    }
  };

  return {
    rotation,
    box: { left, bottom, right, top },
    width: sideways ? boxHeight : boxWidth,
    height: sideways ? boxWidth : boxHeight,
    toPdf,
    toDisplay,
    rectToPdf: (rect) => unionOfRects([rect], toPdf),
    rectToDisplay: (rect) => unionOfRects([rect], toDisplay),
  };
}
