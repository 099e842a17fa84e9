// Moves an annotation with its page when the page is turned, so it stays on the same content.
// Coordinates are display coordinates (origin top-left of the page as shown); turning a page
// W x H by 90 degrees clockwise shows it H x W, and the display point (x, y) moves to (H - y, x).
//
// The model has no per-annotation rotation, so:
// - shapes whose box is the area they cover (rectangle, whiteout, highlight, underline,
//   strikethrough, circle) cover the same content: their box turns, width and height swap;
// - arrows and freehand strokes turn point by point (position, endPoint, points);
// - upright content (image, signature, text) keeps its size and stays upright, turned about its
//   centre so it stays over the same spot and on the page. A text box's size is estimated from
//   its `width` (or 0.5 em per character of its longest line) and 1.2 em per line;
// - a comment is a point marker: its position turns.
// Turning by 90 four times returns the original geometry (up to floating-point rounding).
import { normalizeRotation } from '../geometry/pageSpace';
import type { Annotation, Point, Rect, TextAnnotation } from '../model/types';
import type { PageSize } from './types';

type Turn = (point: Point) => Point;

const TEXT_LINE_HEIGHT_EM = 1.2;
const TEXT_CHAR_WIDTH_EM = 0.5;

/** The mapping of display points for a page of `size` (before the turn) turned by `degrees` clockwise. */
export function pageTurn(size: PageSize, degrees: number): Turn {
  const { width: w, height: h } = size;
  switch (normalizeRotation(degrees)) {
    case 0:
      return (p) => ({ x: p.x, y: p.y });
    case 90:
      return (p) => ({ x: h - p.y, y: p.x });
    case 180:
      return (p) => ({ x: w - p.x, y: h - p.y });
    case 270:
      return (p) => ({ x: p.y, y: w - p.x });
  }
}

function turnRect(rect: Rect, turn: Turn): Rect {
  const a = turn({ x: rect.x, y: rect.y });
  const b = turn({ x: rect.x + rect.width, y: rect.y + rect.height });
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}

/** Where the top-left of an upright box of this size goes when its centre turns with the page. */
function turnUpright(position: Point, width: number, height: number, turn: Turn): Point {
  const centre = turn({ x: position.x + width / 2, y: position.y + height / 2 });
  return { x: centre.x - width / 2, y: centre.y - height / 2 };
}

function textBoxSize(text: TextAnnotation): { width: number; height: number } {
  const lines = text.content.split('\n');
  const longest = Math.max(...lines.map((line) => line.length));
  return {
    width: text.width ?? longest * text.fontSize * TEXT_CHAR_WIDTH_EM,
    height: lines.length * text.fontSize * TEXT_LINE_HEIGHT_EM,
  };
}

/** The annotation as it sits on its page of displayed `size` after turning that page by `degrees`. */
export function rotateAnnotation(annotation: Annotation, size: PageSize, degrees: number): Annotation {
  const turn = pageTurn(size, degrees);
  const a = annotation;
  switch (a.type) {
    case 'rectangle':
    case 'whiteout': {
      const box = turnRect({ ...a.position, width: a.width, height: a.height }, turn);
      return { ...a, position: { x: box.x, y: box.y }, width: box.width, height: box.height };
    }
    case 'highlight':
    case 'underline':
    case 'strikethrough': {
      const box = turnRect({ ...a.position, width: a.width, height: a.height }, turn);
      const turned = { ...a, position: { x: box.x, y: box.y }, width: box.width, height: box.height };
      return a.rects ? { ...turned, rects: a.rects.map((rect) => turnRect(rect, turn)) } : turned;
    }
    case 'circle': {
      const box = turnRect({ ...a.position, width: 2 * a.radius, height: 2 * a.radius }, turn);
      return { ...a, position: { x: box.x, y: box.y } };
    }
    case 'arrow':
      return { ...a, position: turn(a.position), endPoint: turn(a.endPoint) };
    case 'freehand':
      return { ...a, position: turn(a.position), points: a.points.map(turn) };
    case 'image':
    case 'signature':
      return { ...a, position: turnUpright(a.position, a.width, a.height, turn) };
    case 'text': {
      const box = textBoxSize(a);
      return { ...a, position: turnUpright(a.position, box.width, box.height, turn) };
    }
    case 'comment':
      return { ...a, position: turn(a.position) };
  }
}

/** The displayed size of a page of `size` after turning it by `degrees`. */
export function turnedSize(size: PageSize, degrees: number): PageSize {
  return normalizeRotation(degrees) % 180 === 0 ? size : { width: size.height, height: size.width };
}
